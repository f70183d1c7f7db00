#!/usr/bin/env python3
"""Distils the rollouts into the value network: trains it on labelled bid positions.

Input: labels files written by `harness label` (`YLB1`: a JSON header, then one record of
f32 a position). Each record is an auction's two children, the positions before the next
roll if the first seat gets A and if it gets B, with the network's inputs as the bot
computes them and each child's win curve W(delta) at a grid of transfers, from rollouts on
common futures (the same dice for both children, as the bot's curves are made).

The network is train.py's (a mixture of logistic distributions of the rest of the game's
score difference, both sides' views averaged; the same YVN1 weights). The loss, per
position, over the grid's transfers:
  - the cross-entropy of each child's W(delta) against the rollouts' (a soft label: its
    minimum is the label itself), and
  - `--diff-weight` times the squared error of W_A(delta) - W_B(delta) against the
    rollouts' difference: what a bid decides on, where common futures make the label far
    less noisy than either curve.
Optionally (`--results POSITIONS.csv --results-weight L`) train.py's loss on game results,
mixed in with weight L.

Fine-tuning (issue 78, labels from futures as they are played): `--init` starts from a
network (its held-out report printed as epoch 0), and `--anchor A` adds A times the
squared distance of both curves from the initial network's: a small database moves the
value only where it says so. (The shifted network of that issue, `--shift`, YVN3, lost
its test and left with the bot's reading of it: 6736d86 rebuilds both.)

GNU Backgammon's networks were trained on rollouts of positions, Stockfish's NNUE on
search scores (nnue-pytorch): the target is what the expensive search says, not one game's
result.

Usage: python3 harness/learn/distill.py LABELS.ylb... --out data/value-net.bin
       [--hidden 128] [--components 8] [--epochs 20] [--diff-weight 4] [--seed 1] ...
"""

import argparse
import copy
import json
import math
import os
import struct
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train import (  # noqa: E402
    FIRST_ROUND,
    LAST_ROUND,
    REFERENCE_DELTAS,
    Ensemble,
    ValueNet,
    fnv1a64,
    log_win,
    write_weights,
)

MAGIC = b"YLB1"
FEATURES = 52  # yacht::engine::learned::features::FEATURES
ROUND_FEATURES = LAST_ROUND - FIRST_ROUND + 1  # one-hot round, after the two players' blocks
PLAYER = (FEATURES - ROUND_FEATURES) // 2  # yacht::engine::learned::features::PLAYER_FEATURES
# Rounds (of the auction) the held-out report is grouped by.
ROUND_GROUPS = [(1, 1), (2, 3), (4, 5), (6, 7), (8, 10)]


def read_labels(path):
    """The header and the records (N x record_floats, float32) of one labels file."""
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:4] != MAGIC:
        raise SystemExit(f"{path}: not a labels file")
    (n,) = struct.unpack("<I", raw[4:8])
    header = json.loads(raw[8 : 8 + n])
    width = header["record_floats"]
    body = np.frombuffer(raw, dtype="<f4", offset=8 + n)
    whole = len(body) // width
    return header, body[: whole * width].reshape(whole, width)


def load(paths):
    """Every record of `paths` (same columns), as tensors by role."""
    headers, blocks = [], []
    for p in paths:
        h, r = read_labels(p)
        if headers and h["columns"] != headers[0]["columns"]:
            raise SystemExit(f"{p}: other columns than {paths[0]}")
        headers.append(h)
        blocks.append(r)
    cols = headers[0]["columns"]
    rec = np.concatenate(blocks)
    at = {c: i for i, c in enumerate(cols)}
    t = len(headers[0]["run"]["transfers_points"])

    def child(name):
        x0 = at[f"{name}_x0"]
        w0 = at[f"{name}_w0"]
        return {
            "x": torch.tensor(rec[:, x0 : x0 + FEATURES].copy()),
            "d": rec[:, at[f"{name}_diff"]].astype(np.float64),
            "mu": rec[:, at[f"{name}_mu"]].astype(np.float64),
            "scale": rec[:, at[f"{name}_scale"]].astype(np.float64),
            "w": torch.tensor(rec[:, w0 : w0 + t].copy()),
            "state": rec[:, at[f"{name}_me_held_1"] : x0],
        }

    transfers = np.array(headers[0]["run"]["transfers_points"], dtype=np.float64)
    data = {
        "round": rec[:, at["round"]].astype(int),
        "deal": rec[:, at["deal"]].astype(int),
        "source": rec[:, at["source"]].astype(int),
        "children": [child("ga"), child("gb")],
        "transfers": transfers,
    }
    # Normalised transfers of each child: t = (d + delta + mu) / scale, N x T.
    for c in data["children"]:
        c["t"] = torch.tensor(
            ((c["d"] + c["mu"])[:, None] + transfers[None, :]) / c["scale"][:, None],
            dtype=torch.float32,
        )
    return headers, data


def take(data, idx):
    out = {"round": data["round"][idx], "deal": data["deal"][idx], "transfers": data["transfers"]}
    ti = torch.tensor(idx)
    out["children"] = [
        {k: (v[ti] if isinstance(v, torch.Tensor) else v[idx]) for k, v in c.items()}
        for c in data["children"]
    ]
    return out


def curve_logs(net, x, t):
    """log W and log (1 - W) of the network at normalised transfers t (N x T)."""
    log_w, centre, log_scale = net(x)
    v = (t[:, :, None] + centre[:, None, :]) / log_scale.exp()[:, None, :]
    lw = log_w[:, None, :]
    return (
        torch.logsumexp(lw + F.logsigmoid(v), dim=2),
        torch.logsumexp(lw + F.logsigmoid(-v), dim=2),
    )


def batch_losses(net, batch, diff_weight, anchor=None, anchor_weight=0.0):
    """Cross-entropy of both curves against the labels, and the squared error of their
    difference; each a mean over positions and transfers. With an anchor network, plus
    `anchor_weight` times the squared distance of both curves from the anchor's."""
    ws, ce, held = [], 0.0, 0.0
    for c in batch["children"]:
        lp, lq = curve_logs(net, c["x"], c["t"])
        y = c["w"]
        ce = ce + -(y * lp + (1.0 - y) * lq).mean()
        ws.append(lp.exp())
        if anchor is not None and anchor_weight > 0.0:
            with torch.no_grad():
                w0 = curve_logs(anchor, c["x"], c["t"])[0].exp()
            held = held + (lp.exp() - w0).pow(2).mean()
    a, b = batch["children"]
    diff = ((ws[0] - ws[1]) - (a["w"] - b["w"])).pow(2).mean()
    return 0.5 * ce + diff_weight * diff + anchor_weight * held, 0.5 * ce, diff


def label_entropy(batch):
    """The cross-entropy's floor: the labels' own entropy."""
    h = 0.0
    for c in batch["children"]:
        y = c["w"].clamp(1e-7, 1 - 1e-7)
        h = h + -(y * y.log() + (1 - y) * (1 - y).log()).mean()
    return float(0.5 * h)


def held_out_report(net, valid, transfers):
    """By round group: the mean absolute error of each curve and of A - B against the
    held-out labels, at transfers within +-12,000 points (net-fidelity's range)."""
    near = np.abs(transfers) <= 12_000.0
    out = {}
    with torch.no_grad():
        ws = [curve_logs(net, c["x"], c["t"])[0].exp().numpy() for c in valid["children"]]
    ys = [c["w"].numpy() for c in valid["children"]]
    for lo, hi in ROUND_GROUPS:
        m = (valid["round"] >= lo) & (valid["round"] <= hi)
        if not m.any():
            continue
        level = 0.5 * sum(np.abs(w[m][:, near] - y[m][:, near]).mean() for w, y in zip(ws, ys))
        diff = np.abs((ws[0] - ws[1])[m][:, near] - (ys[0] - ys[1])[m][:, near]).mean()
        out[f"{lo}-{hi}"] = {"positions": int(m.sum()), "level": float(level), "a_b": float(diff)}
    return out


def write_reference(net, valid, path, weights_hash):
    """Held-out children of every round with the trainer's win probability at several
    transfers, in train.py's reference format: the bot's test recomputes the inputs from
    the raw states and must agree."""
    rows = []
    rounds = valid["round"] + 1
    for r in range(FIRST_ROUND, LAST_ROUND + 1):
        rows.extend(np.nonzero(rounds == r)[0][:6].tolist())
    c = valid["children"][0]
    idx = np.array(rows)

    def digits(counts):
        return "".join(str(face + 1) * int(n) for face, n in enumerate(counts))

    header = ["round"] + [
        f"{s}_{f}" for s in ("first", "second") for f in ("held", "used", "upper_k", "category_k", "bid_points")
    ]
    header += [f"p_at_{int(d)}" for d in REFERENCE_DELTAS]
    lines = [",".join(header)]
    x = c["x"][torch.tensor(idx)]
    ens = Ensemble([net])
    probs = []
    for delta in REFERENCE_DELTAS:
        t = torch.tensor((c["d"][idx] + delta + c["mu"][idx]) / c["scale"][idx], dtype=torch.float32)
        probs.append(ens.win(x, t).numpy())
    for j, i in enumerate(idx):
        s = c["state"][i]
        fields = [str(int(rounds[i]))]
        for side in (s[:10], s[10:20]):
            fields += [digits(side[:6])] + [str(int(v)) for v in side[6:10]]
        fields += ["%.9g" % p[j] for p in probs]
        lines.append(",".join(fields))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(path.rsplit(".", 1)[0] + ".fnv", "w") as f:
        f.write(weights_hash + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("labels", nargs="+", help="labels files (harness label)")
    ap.add_argument("--out", required=True, help="the weights file (YVN1)")
    ap.add_argument("--manifest", help="default: OUT with .json")
    ap.add_argument("--reference", help="reference values for the bot's test (CSV)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--components", type=int, default=8)
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--batch", type=int, default=2048)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--diff-weight", type=float, default=4.0)
    ap.add_argument("--holdout", type=int, default=20, help="every Nth deal is held out")
    ap.add_argument("--rounds", default="1-10", help="the auctions' rounds trained on, FIRST-LAST")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--init", help="start from these weights (YVN1, same shape)")
    ap.add_argument(
        "--anchor",
        type=float,
        default=0.0,
        help="weight of the squared distance of the curves from --init's network",
    )
    ap.add_argument(
        "--free-mean",
        action="store_true",
        help="let the mixture's mean move off the table's expected difference (YVN1)",
    )
    ap.add_argument("--data-command", default="", help="the commands that wrote LABELS")
    args = ap.parse_args()

    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    started = time.time()
    headers, data = load(args.labels)
    transfers = data["transfers"]
    lo, hi = (int(r) for r in args.rounds.split("-"))
    kept = (data["round"] >= lo) & (data["round"] <= hi)
    held = (data["deal"] % args.holdout) == args.holdout - 1
    train, valid = take(data, np.nonzero(kept & ~held)[0]), take(data, np.nonzero(kept & held)[0])
    n = len(train["round"])
    print(f"{n} training positions, {len(valid['round'])} held out; {len(transfers)} transfers", flush=True)
    floor = label_entropy(valid)

    net = ValueNet(FEATURES, args.hidden, args.components, PLAYER, centred=not args.free_mean)
    anchor = None
    if args.init:
        load_weights(net, args.init)
        anchor = copy.deepcopy(net).eval()
        with torch.no_grad():
            total, ce, diff = (float(v) for v in batch_losses(net, valid, args.diff_weight))
        report = held_out_report(net, valid, transfers)
        errs = " ".join(f"{g}: {v['a_b']:.4f}" for g, v in report.items())
        print(f"epoch 0 (--init): held-out ce {ce - floor:.5f} above the labels' entropy, diff mse {diff:.6f}; A-B by round {errs}", flush=True)
    if args.epochs == 0:
        # The weights as they are (--init): only the reference values of --reference.
        if args.reference:
            with open(args.init, "rb") as f:
                write_reference(net, valid, args.reference, f"{fnv1a64(f.read()):016x}")
        return
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    steps = args.epochs * math.ceil(n / args.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps)
    history = []
    for epoch in range(args.epochs):
        perm = np.random.permutation(n)
        net.train()
        for i in range(0, n, args.batch):
            batch = take(train, perm[i : i + args.batch])
            loss, _, _ = batch_losses(net, batch, args.diff_weight, anchor, args.anchor)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        net.eval()
        with torch.no_grad():
            total, ce, diff = (float(v) for v in batch_losses(net, valid, args.diff_weight))
        report = held_out_report(net, valid, transfers)
        history.append({"epoch": epoch + 1, "loss": total, "ce_above_floor": ce - floor, "diff_mse": diff, "by_round": report})
        errs = " ".join(f"{g}: {v['a_b']:.4f}" for g, v in report.items())
        print(f"epoch {epoch + 1}: held-out ce {ce - floor:.5f} above the labels' entropy, diff mse {diff:.6f}; A-B by round {errs}", flush=True)

    ens = Ensemble([net])
    write_weights(ens, args.out)
    with open(args.out, "rb") as f:
        weights_hash = f"{fnv1a64(f.read()):016x}"
    manifest = {
        "fnv1a64": weights_hash,
        "weights": args.out,
        "recipe": "distilled from rollouts (harness/learn/distill.py)",
        "command": "python3 " + " ".join(sys.argv),
        "data_command": args.data_command,
        "labels": args.labels,
        "label_commands": [h["command"] for h in headers],
        "label_commits": sorted({h["commit"] for h in headers}),
        "seed": args.seed,
        "inputs": FEATURES,
        "hidden": [args.hidden, args.hidden],
        "components": args.components,
        "members": 1,
        "parameters": sum(p.numel() for p in net.parameters()),
        "training_positions": n,
        "held_out_positions": int(len(valid["round"])),
        "epochs": args.epochs,
        "batch": args.batch,
        "lr": args.lr,
        "diff_weight": args.diff_weight,
        "rounds": args.rounds,
        "centred": not args.free_mean,
        "init": args.init,
        "anchor": args.anchor,
        "torch": torch.__version__,
        "history": history,
        "seconds": round(time.time() - started, 1),
    }
    manifest_path = args.manifest or args.out.rsplit(".", 1)[0] + ".json"
    with open(manifest_path, "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    if args.reference:
        write_reference(net, valid, args.reference, weights_hash)


def load_weights(net, path):
    """Weights of a YVN1 file of one member into `net` (same shape)."""
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:4] not in (b"YVN1", b"YVN2"):
        raise SystemExit(f"{path}: not a YVN1/YVN2 file")
    if (raw[:4] == b"YVN2") != net.centred:
        raise SystemExit(f"{path}: {'centred' if raw[:4] == b'YVN2' else 'free'} mixture, not this network's")
    dims = struct.unpack("<4I", raw[4:20])
    if dims != (net.l1.in_features, net.l1.out_features, net.l2.out_features, net.k):
        raise SystemExit(f"{path}: shape {dims}, not this network's")
    at = 20
    with torch.no_grad():
        for layer in (net.l1, net.l2, net.l3):
            for tensor in (layer.weight, layer.bias):
                k = tensor.numel()
                v = np.frombuffer(raw, dtype="<f4", count=k, offset=at)
                tensor.copy_(torch.tensor(v.copy()).reshape(tensor.shape))
                at += 4 * k


if __name__ == "__main__":
    main()
