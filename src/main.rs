fn main() {
    println!(
        "{} {}",
        yacht::table::TABLE_START_EXPECTED_K,
        yacht::table::TABLE_SOLVE_SECONDS
    );
}
