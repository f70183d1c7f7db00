#!/usr/bin/env python3
"""Trains the value network the bot reads its win curves from (yacht::engine::learned).

Input: a positions file written by `harness positions` (CSV: one row per position before
a round's roll, the network's inputs as computed by the bot's own code, the rest of the
game's score difference, the result and the luck still to come). Output: the weights
(`YVN1` format, read by `src/engine/learned/net.rs`), a manifest of how they were made,
and reference values the bot's test compares its own evaluation with.

The network maps a position to a mixture of K logistic distributions of the rest of the
game's score difference (units of the row's `scale`, centred on the table's expected
difference), evaluated from both sides and averaged, exactly as the bot evaluates it.
Loss per position: the negative log-likelihood of the difference that happened, plus the
cross-entropy of the win probability at the actual score difference against the result
minus the luck still to come (same mean as the result, far less variance).

PyTorch because it is what the field trains small evaluation networks with
(nnue-pytorch for Stockfish's NNUE): autograd, Adam and a reproducible seed, nothing of
ours to maintain; the bot needs none of it (plain Rust, no dependency).

Usage: python3 harness/learn/train.py POSITIONS.csv... --out data/value-net.bin
       [--seed 1] [--hidden 64] [--components 4] [--epochs 12] ...
"""

import argparse
import json
import math
import struct
import sys
import time

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F

FIRST_ROUND, LAST_ROUND = 2, 11  # yacht::engine::learned::features
LOG_SCALE_RANGE = (-4.0, 2.0)  # yacht::engine::learned::net::LOG_SCALE_RANGE
MAGIC = b"YVN1"
# A network whose mixture is centred on the table's expected difference (its mean moved to
# zero after the softmax): yacht::engine::learned::net::MAGIC_CENTRED.
MAGIC_CENTRED = b"YVN2"
# Round groups the calibration is reported by.
ROUND_GROUPS = [(2, 4), (5, 7), (8, 9), (10, 11)]
# Transfers (points) at which the reference values are taken.
REFERENCE_DELTAS = [-12000.0, -3000.0, 0.0, 2500.0, 9000.0]


def feature_columns(columns):
    """The network's inputs, in the order the bot computes them."""
    start = list(columns).index("me_rest")
    return list(columns)[start:]


class ValueNet(nn.Module):
    def __init__(self, inputs, hidden, components, player, centred=False):
        super().__init__()
        self.centred = centred
        self.l1 = nn.Linear(inputs, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.l3 = nn.Linear(hidden, 3 * components)
        self.k = components
        self.player = player

    def mirror(self, x):
        p = self.player
        return torch.cat([x[:, p : 2 * p], x[:, :p], x[:, 2 * p :]], dim=1)

    def side(self, x):
        o = self.l3(F.relu(self.l2(F.relu(self.l1(x)))))
        k = self.k
        log_w = F.log_softmax(o[:, :k], dim=1)
        centre = o[:, k : 2 * k]
        if self.centred:
            # The mixture's mean is the table's expected difference, as the rollouts'
            # (calibrated to it by their control variate) is.
            centre = centre - (log_w.exp() * centre).sum(dim=1, keepdim=True)
        log_scale = o[:, 2 * k :].clamp(*LOG_SCALE_RANGE)
        return log_w, centre, log_scale

    def forward(self, x):
        """Both views' mixture: log weights, centres, log scales, each [N, 2K]."""
        lw1, c1, ls1 = self.side(x)
        lw2, c2, ls2 = self.side(self.mirror(x))
        half = math.log(0.5)
        return (
            torch.cat([lw1, lw2], dim=1) + half,
            torch.cat([c1, -c2], dim=1),
            torch.cat([ls1, ls2], dim=1),
        )


class Ensemble:
    """Members whose win probabilities are averaged (the bot averages their mixtures)."""

    def __init__(self, members):
        self.members = members

    def win(self, x, t):
        with torch.no_grad():
            return torch.stack([log_win(m(x), t)[0].exp() for m in self.members]).mean(0)


def log_likelihood(mix, z):
    """log density of the normalised rest difference z under the mixture."""
    log_w, centre, log_scale = mix
    u = (z[:, None] - centre) / log_scale.exp()
    log_pdf = -u - log_scale - 2.0 * F.softplus(-u)
    return torch.logsumexp(log_w + log_pdf, dim=1)


def log_win(mix, t):
    """log P(win) and log P(lose) at normalised expected difference t = (d + mu) / scale."""
    log_w, centre, log_scale = mix
    v = (t[:, None] + centre) / log_scale.exp()
    return (
        torch.logsumexp(log_w + F.logsigmoid(v), dim=1),
        torch.logsumexp(log_w + F.logsigmoid(-v), dim=1),
    )


def load(paths, value_rounds):
    df = pd.concat([pd.read_csv(p, comment="#") for p in paths], ignore_index=True)
    df = df[(df["round"] >= value_rounds[0]) & (df["round"] <= value_rounds[1])]
    cols = feature_columns(df.columns)
    x = torch.tensor(df[cols].to_numpy(np.float32))
    scale = df["scale"].to_numpy(np.float64)
    mu = (df["first_rest"] - df["second_rest"]).to_numpy(np.float64)
    d = df["diff"].to_numpy(np.float64)
    rest = df["final_diff"].to_numpy(np.float64) - d
    data = {
        "x": x,
        "z": torch.tensor((rest - mu) / scale, dtype=torch.float32),
        "t": torch.tensor((d + mu) / scale, dtype=torch.float32),
        "y": torch.tensor(
            (df["first_points"] - df["luck_to_come"]).to_numpy(np.float32)
        ),
        "result": df["first_points"].to_numpy(np.float64),
        "round": df["round"].to_numpy(),
        "deal": df["deal"].to_numpy(),
    }
    return df, cols, data


def subset(data, mask):
    idx = torch.tensor(np.nonzero(mask)[0])
    out = {}
    for key, v in data.items():
        out[key] = v[idx] if isinstance(v, torch.Tensor) else v[mask]
    return out


def losses(net, batch, weights):
    mix = net(batch["x"])
    nll = -log_likelihood(mix, batch["z"]).mean()
    lp, lq = log_win(mix, batch["t"])
    y = batch["y"]
    bce = -(y * lp + (1.0 - y) * lq).mean()
    return weights[0] * nll + weights[1] * bce, nll, bce


def win_probability(net, x, t):
    return net.win(x, t).numpy()


def calibration(p, outcome, bins=10):
    """Expected calibration error: |mean forecast - mean outcome| by equal-width bins,
    weighted by each bin's share."""
    p = np.asarray(p)
    idx = np.minimum((p * bins).astype(int), bins - 1)
    ece = 0.0
    for b in range(bins):
        m = idx == b
        if m.any():
            ece += m.mean() * abs(p[m].mean() - outcome[m].mean())
    return ece


def fnv1a64(data):
    """FNV-1a 64, as yacht::solver::quantize::fnv1a64 (the weights' identity)."""
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def write_weights(ensemble, path):
    with open(path, "wb") as f:
        for net in ensemble.members:
            l1, l2, l3 = net.l1, net.l2, net.l3
            f.write(MAGIC_CENTRED if getattr(net, "centred", False) else MAGIC)
            for n in (l1.in_features, l1.out_features, l2.out_features, net.k):
                f.write(struct.pack("<I", n))
            for layer in (l1, l2, l3):
                for tensor in (layer.weight, layer.bias):
                    f.write(tensor.detach().numpy().astype("<f4").tobytes())


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("positions", nargs="+", help="positions files (harness positions)")
    ap.add_argument("--out", required=True, help="the weights file (YVN1)")
    ap.add_argument("--manifest", help="default: OUT with .json")
    ap.add_argument("--reference", help="reference values for the bot's test (CSV)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--components", type=int, default=4)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--nll-weight", type=float, default=1.0)
    ap.add_argument("--bce-weight", type=float, default=1.0)
    ap.add_argument("--holdout", type=int, default=10, help="every Nth deal is held out")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument(
        "--members", type=int, default=1, help="networks in the ensemble, seeds SEED, SEED+1, ..."
    )
    ap.add_argument(
        "--rounds",
        default=f"{FIRST_ROUND}-{LAST_ROUND}",
        help="the pre-roll rounds trained on, FIRST-LAST (within 2-11; the rest keep no weight)",
    )
    ap.add_argument("--data-command", default="", help="the command that wrote POSITIONS")
    args = ap.parse_args()

    np.random.seed(args.seed)
    torch.set_num_threads(args.threads)
    started = time.time()
    lo, hi = (int(r) for r in args.rounds.split("-"))
    df, cols, data = load(args.positions, (max(lo, FIRST_ROUND), min(hi, LAST_ROUND)))
    player = (len(cols) - (LAST_ROUND - FIRST_ROUND + 1)) // 2
    held = data["deal"] % args.holdout == args.holdout - 1
    train, valid = subset(data, ~held), subset(data, held)
    n = train["x"].shape[0]
    print(f"{n} training positions, {valid['x'].shape[0]} held out; {len(cols)} inputs", flush=True)

    weights = (args.nll_weight, args.bce_weight)
    v = {k: t for k, t in valid.items() if isinstance(t, torch.Tensor)}

    def train_member(seed):
        """One network from its own seed (the first member's is --seed itself)."""
        torch.manual_seed(seed)
        net = ValueNet(len(cols), args.hidden, args.components, player)
        opt = torch.optim.Adam(net.parameters(), lr=args.lr)
        steps = args.epochs * math.ceil(n / args.batch)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps)
        history = []
        for epoch in range(args.epochs):
            perm = torch.randperm(n)
            net.train()
            for i in range(0, n, args.batch):
                idx = perm[i : i + args.batch]
                batch = {k: t[idx] for k, t in train.items() if isinstance(t, torch.Tensor)}
                loss, _, _ = losses(net, batch, weights)
                opt.zero_grad()
                loss.backward()
                opt.step()
                sched.step()
            net.eval()
            with torch.no_grad():
                total, nll, bce = (float(a) for a in losses(net, v, weights))
            history.append({"epoch": epoch + 1, "loss": total, "nll": nll, "bce": bce})
            print(f"seed {seed} epoch {epoch + 1}: held-out loss {total:.4f} (nll {nll:.4f}, bce {bce:.4f})", flush=True)
        return net, history

    trained = [train_member(args.seed + m) for m in range(args.members)]
    net = Ensemble([t[0] for t in trained])
    history = [t[1] for t in trained]

    p = win_probability(net, valid["x"], valid["t"])
    by_group = {}
    for g_lo, g_hi in ROUND_GROUPS:
        m = (valid["round"] >= g_lo) & (valid["round"] <= g_hi)
        if not m.any():
            continue
        by_group[f"{g_lo}-{g_hi}"] = {
            "positions": int(m.sum()),
            "ece": calibration(p[m], valid["result"][m]),
            "brier": float(np.mean((p[m] - valid["result"][m]) ** 2)),
        }
    for g, v in by_group.items():
        print(f"rounds {g}: ECE {v['ece']:.4f}, Brier {v['brier']:.4f} over {v['positions']} held-out positions")

    write_weights(net, args.out)
    with open(args.out, "rb") as f:
        weights_hash = f"{fnv1a64(f.read()):016x}"
    manifest = {
        "fnv1a64": weights_hash,
        "weights": args.out,
        "command": "python3 " + " ".join(sys.argv),
        "data_command": args.data_command,
        "positions": args.positions,
        "seed": args.seed,
        "rounds": args.rounds,
        "inputs": len(cols),
        "hidden": [args.hidden, args.hidden],
        "components": args.components,
        "members": args.members,
        "parameters": sum(p.numel() for m in net.members for p in m.parameters()),
        "training_positions": n,
        "held_out_positions": int(valid["x"].shape[0]),
        "epochs": args.epochs,
        "batch": args.batch,
        "lr": args.lr,
        "nll_weight": args.nll_weight,
        "bce_weight": args.bce_weight,
        "torch": torch.__version__,
        "history": history,
        "calibration": by_group,
        "seconds": round(time.time() - started, 1),
    }
    manifest_path = args.manifest or args.out.rsplit(".", 1)[0] + ".json"
    with open(manifest_path, "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")

    if args.reference:
        # Held-out positions of every round, with the trainer's win probability at several
        # transfers: the bot recomputes the inputs from the raw state and must agree.
        rows = []
        vdf = df[held]
        for r in range(max(lo, FIRST_ROUND), min(hi, LAST_ROUND) + 1):
            rows.extend(np.nonzero(vdf["round"].to_numpy() == r)[0][:6].tolist())
        sub = vdf.iloc[rows]
        x = torch.tensor(sub[cols].to_numpy(np.float32))
        mu = (sub["first_rest"] - sub["second_rest"]).to_numpy(np.float64)
        d = sub["diff"].to_numpy(np.float64)
        scale = sub["scale"].to_numpy(np.float64)
        out = sub[
            ["round"]
            + [f"{s}_{f}" for s in ("first", "second") for f in ("held", "used", "upper_k", "category_k", "bid_points")]
        ].copy()
        for delta in REFERENCE_DELTAS:
            t = torch.tensor((d + delta + mu) / scale, dtype=torch.float32)
            out[f"p_at_{int(delta)}"] = win_probability(net, x, t)
        out.to_csv(args.reference, index=False, float_format="%.9g")
        with open(args.reference.rsplit(".", 1)[0] + ".fnv", "w") as f:
            f.write(weights_hash + "\n")


if __name__ == "__main__":
    main()
