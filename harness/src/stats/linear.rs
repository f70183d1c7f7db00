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
