# Sourced by the scripts of docs/runs: `build_at COMMIT` checks COMMIT out as a git
# worktree under target/runs/src/COMMIT ("." is this checkout), builds the harness and the
# bot there, and prints the folder of their binaries.
build_at() {
  local dir=$PWD
  if [[ $1 != . ]]; then
    dir=$PWD/target/runs/src/$1
    [[ -d $dir ]] || git worktree add -q --detach "$dir" "$1"
  fi
  (cd "$dir" && cargo build --release -q -p harness -p yacht-auction) >&2
  echo "$dir/target/release"
}
