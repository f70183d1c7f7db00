//! The coding basis of `data.bin`: the principal directions of the table's rows.
//!
//! Rows of the value table are strongly correlated across the 252 carried multisets, so a
//! handful of directions carry almost all of a row; coding a row's coordinates in that
//! basis (largest directions first) leaves most later coordinates at zero. The basis is
//! computed from the table itself (cyclic Jacobi on the rows' covariance) and stored in
//! the file, so the decoder needs no linear algebra.

use yacht::rules::dice::N5;
use yacht::table::codec::BASIS_SHIFT;

/// Rows sampled for the covariance (every `COVARIANCE_STRIDE`-th): the directions are
/// a property of the whole table, and a quarter of it pins them down.
const COVARIANCE_STRIDE: usize = 4;
/// Jacobi sweeps at most; it converges in about ten.
const MAX_SWEEPS: usize = 40;

/// The integer basis (vector `j` at `[j * 252..(j + 1) * 252]`, scaled by `2^14`), and
/// the inverse of the matrix the decoder applies, for the encoder's coordinates.
pub struct Basis {
    pub vectors: Vec<i16>,
    /// `inverse[j * 252 + i]`: coordinate `j` of a row is `Σ_i inverse[j][i] · x_i`.
    pub inverse: Vec<f64>,
}

/// The covariance of the rows about their own means.
fn covariance(entries: &[u16]) -> Vec<f64> {
    let mut cov = vec![0.0f64; N5 * N5];
    let mut centred = [0.0f64; N5];
    for row in entries.chunks_exact(N5).step_by(COVARIANCE_STRIDE) {
        let mean = row.iter().map(|&v| v as f64).sum::<f64>() / N5 as f64;
        for (c, &v) in centred.iter_mut().zip(row) {
            *c = v as f64 - mean;
        }
        for i in 0..N5 {
            let ci = centred[i];
            let out = &mut cov[i * N5..(i + 1) * N5];
            for (o, &cj) in out[i..].iter_mut().zip(&centred[i..]) {
                *o += ci * cj;
            }
        }
    }
    for i in 0..N5 {
        for j in 0..i {
            cov[i * N5 + j] = cov[j * N5 + i];
        }
    }
    cov
}

/// Eigenvectors of the symmetric `n × n` matrix `a` by cyclic Jacobi rotations, sorted by
/// eigenvalue, largest first: `(eigenvalues, vectors)` with vector `k` at `[k * n..]`.
pub fn symmetric_eigen(mut a: Vec<f64>, n: usize) -> (Vec<f64>, Vec<f64>) {
    let mut v = vec![0.0f64; n * n];
    for i in 0..n {
        v[i * n + i] = 1.0;
    }
    let scale: f64 = a
        .iter()
        .map(|x| x * x)
        .sum::<f64>()
        .sqrt()
        .max(f64::MIN_POSITIVE);
    for _ in 0..MAX_SWEEPS {
        let off: f64 = (0..n)
            .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
            .map(|(i, j)| a[i * n + j] * a[i * n + j])
            .sum::<f64>()
            .sqrt();
        if off <= 1e-14 * scale {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                let apq = a[p * n + q];
                if apq.abs() <= 1e-300 {
                    continue;
                }
                let theta = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
                let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
                let t = if theta == 0.0 { 1.0 } else { t };
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                // A ← Jᵀ A J on rows/columns p and q; V ← V J.
                for k in 0..n {
                    let (akp, akq) = (a[k * n + p], a[k * n + q]);
                    a[k * n + p] = c * akp - s * akq;
                    a[k * n + q] = s * akp + c * akq;
                }
                for k in 0..n {
                    let (apk, aqk) = (a[p * n + k], a[q * n + k]);
                    a[p * n + k] = c * apk - s * aqk;
                    a[q * n + k] = s * apk + c * aqk;
                }
                for k in 0..n {
                    let (vkp, vkq) = (v[k * n + p], v[k * n + q]);
                    v[k * n + p] = c * vkp - s * vkq;
                    v[k * n + q] = s * vkp + c * vkq;
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&x, &y| a[y * n + y].total_cmp(&a[x * n + x]).then(x.cmp(&y)));
    let values = order.iter().map(|&k| a[k * n + k]).collect();
    let mut vectors = vec![0.0f64; n * n];
    for (rank, &k) in order.iter().enumerate() {
        for i in 0..n {
            vectors[rank * n + i] = v[i * n + k];
        }
    }
    (values, vectors)
}

/// Inverse of the `n × n` matrix `m` (row major) by Gauss–Jordan with partial pivoting;
/// `None` if it is singular.
pub fn invert(mut m: Vec<f64>, n: usize) -> Option<Vec<f64>> {
    let mut inv = vec![0.0f64; n * n];
    for i in 0..n {
        inv[i * n + i] = 1.0;
    }
    for col in 0..n {
        let pivot =
            (col..n).max_by(|&x, &y| m[x * n + col].abs().total_cmp(&m[y * n + col].abs()))?;
        if m[pivot * n + col].abs() < 1e-12 {
            return None;
        }
        for k in 0..n {
            m.swap(col * n + k, pivot * n + k);
            inv.swap(col * n + k, pivot * n + k);
        }
        let d = m[col * n + col];
        for k in 0..n {
            m[col * n + k] /= d;
            inv[col * n + k] /= d;
        }
        for r in 0..n {
            if r == col {
                continue;
            }
            let f = m[r * n + col];
            if f == 0.0 {
                continue;
            }
            for k in 0..n {
                m[r * n + k] -= f * m[col * n + k];
                inv[r * n + k] -= f * inv[col * n + k];
            }
        }
    }
    Some(inv)
}

/// The basis of a table (`rows × 252` stored units).
pub fn principal_basis(entries: &[u16]) -> Basis {
    let (_, vectors) = symmetric_eigen(covariance(entries), N5);
    let unit = (1u32 << BASIS_SHIFT) as f64;
    let ints: Vec<i16> = vectors
        .iter()
        .map(|&x| (x * unit).round().clamp(i16::MIN as f64, i16::MAX as f64) as i16)
        .collect();
    // The decoder applies M[i][j] = ints[j][i] / 2^14; the encoder needs M⁻¹ exactly
    // (the rounded vectors are only nearly orthonormal).
    let mut m = vec![0.0f64; N5 * N5];
    for j in 0..N5 {
        for i in 0..N5 {
            m[i * N5 + j] = ints[j * N5 + i] as f64 / unit;
        }
    }
    let inverse = invert(m, N5).unwrap_or_else(|| {
        // The rounded eigenvectors of a symmetric matrix are never singular; keep the
        // transpose as a fallback rather than fail an export.
        let mut t = vec![0.0f64; N5 * N5];
        for j in 0..N5 {
            for i in 0..N5 {
                t[j * N5 + i] = vectors[j * N5 + i];
            }
        }
        t
    });
    Basis {
        vectors: ints,
        inverse,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eigenvectors_of_a_small_matrix() {
        // [[2, 1], [1, 2]]: eigenvalues 3 and 1, vectors (1, 1)/√2 and (1, −1)/√2.
        let (values, vectors) = symmetric_eigen(vec![2.0, 1.0, 1.0, 2.0], 2);
        assert!((values[0] - 3.0).abs() < 1e-12 && (values[1] - 1.0).abs() < 1e-12);
        let r = std::f64::consts::FRAC_1_SQRT_2;
        assert!((vectors[0].abs() - r).abs() < 1e-12 && (vectors[1].abs() - r).abs() < 1e-12);
        assert!((vectors[2] * vectors[3] + 0.5).abs() < 1e-12);
    }

    #[test]
    fn inverse_times_matrix_is_identity() {
        let m = vec![4.0, 7.0, 2.0, 6.0];
        let inv = invert(m.clone(), 2).unwrap();
        for i in 0..2 {
            for j in 0..2 {
                let p: f64 = (0..2).map(|k| m[i * 2 + k] * inv[k * 2 + j]).sum();
                assert!((p - if i == j { 1.0 } else { 0.0 }).abs() < 1e-12);
            }
        }
        assert!(invert(vec![1.0, 2.0, 2.0, 4.0], 2).is_none());
    }
}
