//! The value network: its weights' format, the forward pass, and the distribution of the
//! rest of the game's score difference it describes.
//!
//! A small multilayer perceptron (two hidden layers of ReLU units) maps a position's
//! [`features`](super::features) to a mixture of `K` logistic distributions of the rest of
//! the game's score difference (ours minus theirs, points, bids included): each component's
//! weight (softmax), centre and scale, in units of [`scale_points`] around the table's
//! expected difference. The network is evaluated from both sides and the two views
//! averaged (the opponent's mixture negated), so the value of a position is exactly one
//! minus its value to the opponent, and the win probability is monotone in the transfer:
//! `P(win) = Σ w σ((d + c) / s)` for a score difference `d` now.
//!
//! The weights file (`data/value-net.bin`, written by `learn/train.py`): the magic
//! `YVN1`, four little-endian `u32` (inputs, hidden units of each layer, components), then
//! little-endian `f32`: `w1` (hidden1 × inputs, row major), `b1`, `w2` (hidden2 × hidden1),
//! `b2`, `w3` (3K × hidden2: K weight logits, K centres, K log-scales), `b3`.

use super::features::{mirrored, scale_points, FEATURES};

/// The weights file's first bytes.
pub const MAGIC: &[u8; 4] = b"YVN1";
/// The first bytes of a network whose mixture is centred: each side's components moved so
/// that the mixture's mean is the table's expected difference (the rollouts' mean, which
/// their control variate calibrates to it), the network learning only the shape around it
/// (`learn/distill.py`, the default since issue 69).
pub const MAGIC_CENTRED: &[u8; 4] = b"YVN2";

/// The log-scale of a component is kept within these bounds (units of [`scale_points`]):
/// the trainer clamps them the same way, so a component can never be a step or a plateau.
pub const LOG_SCALE_RANGE: (f32, f32) = (-4.0, 2.0);

/// The weights the bot plays with, `data/value-net.bin` as `harness/learn/distill.py`
/// wrote it (its recipe: `data/value-net.json`). The contest export carries the same
/// bytes in its source, as base64 text (`EXPORT_VALUE_NET_BASE64`, written by `harness
/// export`), decoded once.
#[cfg(not(yacht_export))]
static NET_BYTES: &[u8] =
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/value-net.bin"));

/// The embedded network's bytes (for the export, and checks).
#[cfg(not(yacht_export))]
pub fn embedded_bytes() -> &'static [u8] {
    NET_BYTES
}

/// The embedded network's bytes, decoded from the source's text once (empty if it is not
/// base64: the network then does not read, and the win curves come from rollouts).
#[cfg(yacht_export)]
pub fn embedded_bytes() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| super::base64::decode(crate::EXPORT_VALUE_NET_BASE64).unwrap_or_default())
}

/// The embedded network, read once; `None` if its bytes cannot be read (the win curves
/// then come from rollouts).
pub fn embedded() -> Option<&'static Net> {
    static NET: std::sync::OnceLock<Option<Net>> = std::sync::OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(embedded_bytes()).ok())
        .as_ref()
}

/// The network in the weights file at `path`, read once per path for the process (a
/// bot's configuration names it: `bot:net=PATH`, `yacht-bot --net PATH`).
pub fn from_file(path: &str) -> Result<&'static Net, NetError> {
    type Loaded = Vec<(String, &'static Net)>;
    static LOADED: std::sync::Mutex<Loaded> = std::sync::Mutex::new(Vec::new());
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, net)) = loaded.iter().find(|(p, _)| p == path) {
        return Ok(net);
    }
    let bytes = std::fs::read(path).map_err(|e| NetError(format!("{path}: {e}")))?;
    let net = Net::from_bytes(&bytes).map_err(|e| NetError(format!("{path}: {e}")))?;
    let net: &'static Net = Box::leak(Box::new(net));
    loaded.push((path.to_string(), net));
    Ok(net)
}

/// Why a weights file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(pub String);

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A fully connected layer: `out = w · in + b`. The weights are kept in panels of
/// [`PANEL`] outputs, each panel's weights input by input (`wp[panel][input][j]`, the
/// outputs padded with zero weights to whole panels): the forward pass reads a panel as
/// one stream, and adds an input's weights to a panel's outputs at once.
#[derive(Clone, Debug, PartialEq)]
struct Layer {
    inputs: usize,
    outputs: usize,
    wp: Vec<f32>,
    b: Vec<f32>,
}

/// Outputs of a panel: 8 floats are two SSE registers.
const PANEL: usize = 8;

impl Layer {
    /// The layer of `w` (outputs × inputs, row major, as the file holds it) and `b`.
    fn from_rows(inputs: usize, w: &[f32], b: Vec<f32>) -> Layer {
        let outputs = b.len();
        let panels = outputs.div_ceil(PANEL);
        let mut wp = vec![0.0; panels * inputs * PANEL];
        for (o, row) in w.chunks_exact(inputs).enumerate() {
            let (panel, j) = (o / PANEL, o % PANEL);
            for (i, &x) in row.iter().enumerate() {
                wp[(panel * inputs + i) * PANEL + j] = x;
            }
        }
        Layer {
            inputs,
            outputs,
            wp,
            b,
        }
    }

    fn panels(&self) -> usize {
        self.outputs.div_ceil(PANEL)
    }

    /// The layer on `n` inputs at once (`input`: `n` rows of its inputs), into `out` (`n`
    /// rows of its outputs).
    fn forward(&self, input: &[f32], n: usize, out: &mut Vec<f32>, relu: bool) {
        // Each output is summed in input order, from its bias, as `Σ w·x` written row by
        // row would be: the trainer's reference values are compared with these to 1e-5,
        // and a fixed order makes the bot's own results reproducible. An input that is 0
        // in every row (half the hidden units, most of the inputs) adds ±0 and is skipped.
        // Panels of outputs are held in registers while every input's weights are added
        // to them, for several rows at once: the weights are read once for them all, in
        // order, and each panel is vectorised.
        let width = self.panels() * PANEL;
        let mut padded = Vec::with_capacity(n * width);
        for _ in 0..n {
            padded.extend_from_slice(&self.b);
            padded.resize(padded.len() + width - self.outputs, 0.0);
        }
        let mut first = 0;
        while first + 4 <= n {
            self.rows::<4, 1>(input, first, &mut padded);
            first += 4;
        }
        if first + 2 <= n {
            self.rows::<2, 2>(input, first, &mut padded);
            first += 2;
        }
        if first < n {
            self.rows::<1, 4>(input, first, &mut padded);
        }
        out.clear();
        for row in padded.chunks_exact(width) {
            out.extend_from_slice(&row[..self.outputs]);
        }
        if relu {
            for o in out.iter_mut() {
                *o = o.max(0.0);
            }
        }
    }

    /// Rows `first..first + N` of the batch, `P` panels at a time.
    fn rows<const N: usize, const P: usize>(&self, input: &[f32], first: usize, out: &mut [f32]) {
        let live: Vec<(usize, [f32; N])> = (0..self.inputs)
            .map(|i| {
                let x: [f32; N] = std::array::from_fn(|k| input[(first + k) * self.inputs + i]);
                (i, x)
            })
            .filter(|(_, x)| x.iter().any(|&v| v != 0.0))
            .collect();
        let panels = self.panels();
        let mut panel = 0;
        while panel + P <= panels {
            self.add_panels::<N, P>(&live, first, panel, out);
            panel += P;
        }
        while panel < panels {
            self.add_panels::<N, 1>(&live, first, panel, out);
            panel += 1;
        }
    }

    /// Adds the `live` inputs' weights to panels `panel..panel + P` of rows
    /// `first..first + N`, in input order.
    fn add_panels<const N: usize, const P: usize>(
        &self,
        live: &[(usize, [f32; N])],
        first: usize,
        panel: usize,
        out: &mut [f32],
    ) {
        let width = self.panels() * PANEL;
        let at = |k: usize, p: usize| (first + k) * width + (panel + p) * PANEL;
        let mut sums = [[[0.0f32; PANEL]; P]; N];
        for (k, row) in sums.iter_mut().enumerate() {
            for (p, s) in row.iter_mut().enumerate() {
                s.copy_from_slice(&out[at(k, p)..at(k, p) + PANEL]);
            }
        }
        for &(i, x) in live {
            for p in 0..P {
                let w = (((panel + p) * self.inputs) + i) * PANEL;
                let weights = &self.wp[w..w + PANEL];
                for (row, &xk) in sums.iter_mut().zip(&x) {
                    for (sum, &wj) in row[p].iter_mut().zip(weights) {
                        *sum += wj * xk;
                    }
                }
            }
        }
        for (k, row) in sums.iter().enumerate() {
            for (p, s) in row.iter().enumerate() {
                out[at(k, p)..at(k, p) + PANEL].copy_from_slice(s);
            }
        }
    }
}

/// One network of the ensemble.
#[derive(Clone, Debug, PartialEq)]
struct Member {
    layers: [Layer; 3],
    components: usize,
    /// The mixture's mean held at the table's expectation ([`MAGIC_CENTRED`]).
    centred: bool,
}

/// The network: one or more members (an ensemble, each trained from its own seed), whose
/// mixtures are averaged.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    members: Vec<Member>,
}

/// One component of a mixture in the network's units: weight, centre and scale (units
/// of [`scale_points`], the centre around the table's expected difference).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Component {
    pub weight: f32,
    pub centre: f32,
    pub scale: f32,
}

/// A logistic component of a distribution of a score difference, points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Logistic {
    pub weight: f64,
    pub centre_points: f64,
    pub scale_points: f64,
}

/// A mixture of logistic distributions of a score difference (points): the final
/// difference once a position's current difference is added.
#[derive(Clone, Debug, PartialEq)]
pub struct Mixture {
    pub parts: Vec<Logistic>,
}

/// The logistic function, never NaN.
fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

impl Mixture {
    /// P(difference + δ > 0): the win probability after a transfer of `delta_points` (a
    /// draw has no mass in a continuous distribution).
    pub fn above(&self, delta_points: f64) -> f64 {
        let p: f64 = self
            .parts
            .iter()
            .map(|c| c.weight * sigmoid((c.centre_points + delta_points) / c.scale_points))
            .sum();
        p.clamp(0.0, 1.0)
    }

    /// The distribution moved by `shift_points`.
    pub fn shifted(mut self, shift_points: f64) -> Mixture {
        for c in &mut self.parts {
            c.centre_points += shift_points;
        }
        self
    }

    /// The distribution of the difference negated (the opponent's).
    pub fn negated(&self) -> Mixture {
        Mixture {
            parts: self
                .parts
                .iter()
                .map(|c| Logistic {
                    centre_points: -c.centre_points,
                    ..*c
                })
                .collect(),
        }
    }

    /// The mean (points).
    pub fn mean_points(&self) -> f64 {
        self.parts.iter().map(|c| c.weight * c.centre_points).sum()
    }
}

fn read_u32(bytes: &[u8], at: &mut usize) -> Result<usize, NetError> {
    let b = bytes
        .get(*at..*at + 4)
        .ok_or_else(|| NetError("weights file cut short in its header".into()))?;
    *at += 4;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
}

fn read_f32s(bytes: &[u8], at: &mut usize, n: usize) -> Result<Vec<f32>, NetError> {
    let end = *at + 4 * n;
    let b = bytes
        .get(*at..end)
        .ok_or_else(|| NetError(format!("weights file cut short: {n} weights missing")))?;
    *at = end;
    let out: Vec<f32> = b
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if out.iter().any(|w| !w.is_finite()) {
        return Err(NetError(
            "weights file holds a weight that is not finite".into(),
        ));
    }
    Ok(out)
}

impl Member {
    /// Reads one `YVN1` record at `*at`, moving `at` past it.
    fn read(bytes: &[u8], at: &mut usize) -> Result<Member, NetError> {
        let magic = bytes.get(*at..*at + 4);
        let centred = magic == Some(MAGIC_CENTRED.as_slice());
        if magic != Some(MAGIC.as_slice()) && !centred {
            return Err(NetError(if *at == 0 {
                "not a value network (no YVN1 or YVN2 magic)".into()
            } else {
                format!("{} bytes after the weights", bytes.len() - *at)
            }));
        }
        *at += 4;
        let inputs = read_u32(bytes, at)?;
        let hidden1 = read_u32(bytes, at)?;
        let hidden2 = read_u32(bytes, at)?;
        let components = read_u32(bytes, at)?;
        if inputs != FEATURES {
            return Err(NetError(format!(
                "the network takes {inputs} inputs, this build computes {FEATURES}"
            )));
        }
        if hidden1 == 0 || hidden2 == 0 || components == 0 || hidden1.max(hidden2) > 4096 {
            return Err(NetError(format!(
                "implausible shape {hidden1} x {hidden2}, {components} components"
            )));
        }
        let mut layer = |inputs: usize, outputs: usize| -> Result<Layer, NetError> {
            let w = read_f32s(bytes, at, inputs * outputs)?;
            Ok(Layer::from_rows(inputs, &w, read_f32s(bytes, at, outputs)?))
        };
        let layers = [
            layer(inputs, hidden1)?,
            layer(hidden1, hidden2)?,
            layer(hidden2, 3 * components)?,
        ];
        Ok(Member {
            layers,
            components,
            centred,
        })
    }

    /// This member's mixtures for each of `xs`.
    fn forward(&self, xs: &[[f32; FEATURES]]) -> Vec<Vec<Component>> {
        let n = xs.len();
        let (mut h1, mut h2, mut out) = (Vec::new(), Vec::new(), Vec::new());
        self.layers[0].forward(xs.as_flattened(), n, &mut h1, true);
        self.layers[1].forward(&h1, n, &mut h2, true);
        self.layers[2].forward(&h2, n, &mut out, false);
        out.chunks_exact(3 * self.components)
            .map(|row| self.mixture(row))
            .collect()
    }

    /// The components of one row of the last layer's outputs.
    fn mixture(&self, out: &[f32]) -> Vec<Component> {
        let k = self.components;
        let logits = &out[..k];
        let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let exps: Vec<f32> = logits.iter().map(|&l| (l - top).exp()).collect();
        let total: f32 = exps.iter().sum();
        let weights: Vec<f32> = exps.iter().map(|e| e / total).collect();
        // The trainer's order of summation (component by component).
        let mean = if self.centred {
            weights
                .iter()
                .zip(&out[k..2 * k])
                .map(|(w, c)| w * c)
                .sum::<f32>()
        } else {
            0.0
        };
        (0..k)
            .map(|i| Component {
                weight: weights[i],
                centre: out[k + i] - mean,
                scale: out[2 * k + i]
                    .clamp(LOG_SCALE_RANGE.0, LOG_SCALE_RANGE.1)
                    .exp(),
            })
            .collect()
    }
}

impl Net {
    /// Reads a weights file (see the module's text): one or more members, each a `YVN1`
    /// record; checks each one's shape against the features this build computes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        let mut at = 0;
        let mut members = Vec::new();
        while at < bytes.len() || members.is_empty() {
            members.push(Member::read(bytes, &mut at)?);
        }
        Ok(Net { members })
    }

    /// The ensemble's members.
    pub fn members(&self) -> usize {
        self.members.len()
    }

    /// Components of the mixture one side's evaluation gives (all members').
    pub fn components(&self) -> usize {
        self.members.iter().map(|m| m.components).sum()
    }

    /// Weights in all.
    pub fn parameters(&self) -> usize {
        self.members
            .iter()
            .flat_map(|m| &m.layers)
            .map(|l| l.inputs * l.outputs + l.b.len())
            .sum()
    }

    /// One side's mixture for inputs `x`, in the network's units: every member's
    /// components, each member weighing the same.
    pub fn forward(&self, x: &[f32; FEATURES]) -> Vec<Component> {
        self.forward_all(std::slice::from_ref(x)).remove(0)
    }

    /// [`Net::forward`] of each of `xs`, evaluated together (faster than one by one).
    pub fn forward_all(&self, xs: &[[f32; FEATURES]]) -> Vec<Vec<Component>> {
        let share = 1.0 / self.members.len() as f32;
        let mut all = vec![Vec::new(); xs.len()];
        for member in &self.members {
            for (mine, components) in all.iter_mut().zip(member.forward(xs)) {
                mine.extend(components.into_iter().map(|c| Component {
                    weight: c.weight * share,
                    ..c
                }));
            }
        }
        all
    }

    /// The distribution of the rest of the game's score difference (ours minus theirs,
    /// points) from a position before round `round`'s roll whose inputs are `x` and whose
    /// table-expected rest difference is `table_rest_points`: both sides' views averaged.
    pub fn rest_difference(
        &self,
        x: &[f32; FEATURES],
        table_rest_points: f64,
        round: u8,
    ) -> Mixture {
        self.rest_differences(&[(*x, table_rest_points, round)])
            .remove(0)
    }

    /// [`Net::rest_difference`] of each of `positions` (inputs, table rest, round),
    /// evaluated together.
    pub fn rest_differences(&self, positions: &[([f32; FEATURES], f64, u8)]) -> Vec<Mixture> {
        let views: Vec<[f32; FEATURES]> = positions
            .iter()
            .flat_map(|(x, _, _)| [*x, mirrored(x)])
            .collect();
        let sides = self.forward_all(&views);
        positions
            .iter()
            .zip(sides.chunks_exact(2))
            .map(|(&(_, rest, round), pair)| Net::both_views(&pair[0], &pair[1], rest, round))
            .collect()
    }

    /// The mixture of a position from its two views' components.
    fn both_views(
        ours: &[Component],
        theirs: &[Component],
        table_rest_points: f64,
        round: u8,
    ) -> Mixture {
        let scale = scale_points(round);
        // Each side's weights sum to 1 in f32; normalised again in f64, so that a position
        // and its mirror sum to exactly one.
        let total: f64 = ours.iter().chain(theirs).map(|c| f64::from(c.weight)).sum();
        let parts = ours
            .iter()
            .map(|c| (c, 1.0))
            .chain(theirs.iter().map(|c| (c, -1.0)))
            .map(|(c, sign)| Logistic {
                weight: f64::from(c.weight) / total,
                centre_points: table_rest_points + sign * scale * f64::from(c.centre),
                scale_points: scale * f64::from(c.scale),
            })
            .collect();
        Mixture { parts }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Pcg64;

    /// A network of the right shape with weights drawn from `seed`.
    pub(crate) fn random_net_bytes(seed: u64, hidden: usize, components: usize) -> Vec<u8> {
        let mut rng = Pcg64::seed_from_u64(seed);
        let mut bytes = MAGIC.to_vec();
        for n in [FEATURES, hidden, hidden, components] {
            bytes.extend_from_slice(&(n as u32).to_le_bytes());
        }
        let count = FEATURES * hidden
            + hidden
            + hidden * hidden
            + hidden
            + 3 * components * hidden
            + 3 * components;
        for _ in 0..count {
            let w = (rng.below(2001) as f32 - 1000.0) / 4000.0;
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        bytes
    }

    #[test]
    fn a_damaged_file_is_refused_with_what_is_wrong() {
        let good = random_net_bytes(1, 8, 2);
        assert!(Net::from_bytes(&good).is_ok());
        assert!(Net::from_bytes(b"nope").unwrap_err().0.contains("magic"));
        let cut = &good[..good.len() - 3];
        assert!(Net::from_bytes(cut).unwrap_err().0.contains("cut short"));
        let mut long = good.clone();
        long.push(0);
        assert!(Net::from_bytes(&long).unwrap_err().0.contains("after"));
        let mut wrong_inputs = good.clone();
        wrong_inputs[4..8].copy_from_slice(&3u32.to_le_bytes());
        assert!(Net::from_bytes(&wrong_inputs)
            .unwrap_err()
            .0
            .contains("inputs"));
        let mut nan = good;
        let last = nan.len() - 4;
        nan[last..].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(Net::from_bytes(&nan).unwrap_err().0.contains("finite"));
    }

    /// The two views' average: a position's win probability to us is one minus the
    /// opponent's, at every transfer; and it rises with the transfer.
    #[test]
    fn the_value_is_antisymmetric_and_monotone() {
        let net = Net::from_bytes(&random_net_bytes(7, 16, 3)).unwrap();
        let mut rng = Pcg64::seed_from_u64(3);
        for _ in 0..50 {
            let mut x = [0f32; FEATURES];
            for v in &mut x {
                *v = rng.below(1000) as f32 / 1000.0;
            }
            let round = 2 + rng.below(10) as u8;
            let rest = rng.below(40_000) as f64 - 20_000.0;
            let ours = net.rest_difference(&x, rest, round);
            let theirs = net.rest_difference(&mirrored(&x), -rest, round);
            let total: f64 = ours.parts.iter().map(|c| c.weight).sum();
            assert!((total - 1.0).abs() < 1e-12);
            let mut last = 0.0;
            for step in -40..=40 {
                let delta = f64::from(step) * 1_000.0;
                let p = ours.above(delta);
                assert!((p - (1.0 - theirs.above(-delta))).abs() < 1e-9, "{p}");
                assert!(p >= last - 1e-12);
                last = p;
            }
        }
    }

    /// A centred network's mixture has the table's expected difference as its mean,
    /// whatever its weights; the same weights uncentred do not.
    #[test]
    fn a_centred_network_keeps_the_tables_mean() {
        let mut bytes = random_net_bytes(5, 16, 4);
        let free = Net::from_bytes(&bytes).unwrap();
        bytes[..4].copy_from_slice(MAGIC_CENTRED);
        let centred = Net::from_bytes(&bytes).unwrap();
        let mut rng = Pcg64::seed_from_u64(9);
        let mut moved = 0.0f64;
        for _ in 0..20 {
            let mut x = [0f32; FEATURES];
            for v in &mut x {
                *v = rng.below(1000) as f32 / 1000.0;
            }
            let rest = rng.below(40_000) as f64 - 20_000.0;
            let round = 2 + rng.below(10) as u8;
            let mean = centred.rest_difference(&x, rest, round).mean_points();
            assert!((mean - rest).abs() < 0.05, "{mean} against {rest}");
            moved = moved.max((free.rest_difference(&x, rest, round).mean_points() - rest).abs());
        }
        assert!(moved > 100.0, "{moved}");
    }
}
