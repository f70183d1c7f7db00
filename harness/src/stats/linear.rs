//! The linear algebra the fits share: the inverse of their information matrix, and the
//! product of two matrices (the logistic fit's sandwich).

/// The inverse of a symmetric positive definite matrix (Gauss–Jordan with partial
/// pivoting); `None` if it is singular (in a Bradley–Terry fit a player with no games;
/// in a logistic fit an input that never varies from another).
pub fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inverse: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inverse.swap(col, pivot);
        let scale = a[col][col];
        for k in 0..n {
            a[col][k] /= scale;
            inverse[col][k] /= scale;
        }
        for row in 0..n {
            if row != col {
                let factor = a[row][col];
                if factor != 0.0 {
                    for k in 0..n {
                        a[row][k] -= factor * a[col][k];
                        inverse[row][k] -= factor * inverse[col][k];
                    }
                }
            }
        }
    }
    Some(inverse)
}

/// The product `a · b` of two square matrices of one size.
pub fn multiply(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = a.len();
    (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (0..n).map(|m| a[i][m] * b[m][j]).sum())
                .collect()
        })
        .collect()
}

/// A weighted least-squares fit of `y = Σ βᵢ xᵢ` (no intercept: add a column of ones for
/// one): the coefficients and their standard errors, from the residual variance per unit
/// of weight.
#[derive(Clone, Debug, PartialEq)]
pub struct LeastSquares {
    pub coefficients: Vec<f64>,
    pub standard_errors: Vec<f64>,
    /// The residual variance of an observation of weight 1.
    pub residual_variance: f64,
}

/// Fits `rows` of (inputs, output, weight); `None` with no more rows than inputs, or
/// inputs that never vary apart (a singular information matrix).
pub fn least_squares(rows: &[(Vec<f64>, f64, f64)]) -> Option<LeastSquares> {
    let n = rows.first()?.0.len();
    if rows.len() <= n {
        return None;
    }
    let mut information = vec![vec![0.0; n]; n];
    let mut moment = vec![0.0; n];
    for (x, y, w) in rows {
        for i in 0..n {
            moment[i] += w * x[i] * y;
            for j in 0..n {
                information[i][j] += w * x[i] * x[j];
            }
        }
    }
    let inverse = invert(information)?;
    let coefficients: Vec<f64> = inverse
        .iter()
        .map(|row| row.iter().zip(&moment).map(|(a, b)| a * b).sum())
        .collect();
    let residual: f64 = rows
        .iter()
        .map(|(x, y, w)| {
            let fitted: f64 = x.iter().zip(&coefficients).map(|(a, b)| a * b).sum();
            w * (y - fitted) * (y - fitted)
        })
        .sum();
    let residual_variance = residual / (rows.len() - n) as f64;
    let standard_errors = (0..n)
        .map(|i| (residual_variance * inverse[i][i]).max(0.0).sqrt())
        .collect();
    Some(LeastSquares {
        coefficients,
        standard_errors,
        residual_variance,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_planted_line_is_fitted_back_with_its_error() {
        // y = 2 a - 3 b + noise of standard deviation 0.5, a and b of signs ±1 (a
        // perturbation design): each coefficient's error is 0.5 / sqrt(rows).
        let mut rng = yacht::rng::Pcg64::seed_from_u64(5);
        let mut uniform = || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let rows: Vec<(Vec<f64>, f64, f64)> = (0..4000)
            .map(|_| {
                let a = if uniform() < 0.5 { -1.0 } else { 1.0 };
                let b = if uniform() < 0.5 { -1.0 } else { 1.0 };
                // Box-Muller.
                let noise = (-2.0 * uniform().max(1e-300).ln()).sqrt()
                    * (std::f64::consts::TAU * uniform()).cos();
                (vec![a, b], 2.0 * a - 3.0 * b + 0.5 * noise, 1.0)
            })
            .collect();
        let fit = least_squares(&rows).unwrap();
        for (got, want) in fit.coefficients.iter().zip([2.0, -3.0]) {
            assert!((got - want).abs() < 0.04, "{fit:?}");
        }
        for se in &fit.standard_errors {
            assert!((se - 0.5 / 4000f64.sqrt()).abs() < 0.001, "{fit:?}");
        }
        assert!(least_squares(&rows[..2]).is_none());
        let same: Vec<_> = rows
            .iter()
            .map(|(x, y, w)| (vec![x[0], x[0]], *y, *w))
            .collect();
        assert!(least_squares(&same).is_none());
    }
}
