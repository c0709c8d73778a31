#!/usr/bin/env python3
"""Trains a Herald net (NNUE) from packed positions and writes it as nets/GAME.nnue.gz.

    herald-tune play GAME --out GAME.txt --games 20000 --nodes 5000 --threads 8
    herald-tune pack GAME GAME.txt --out GAME.bin
    tools/train/train.py GAME.bin --out GAME.nnue.gz

The data file (src/eval/nnue_data.h) carries the game's name, its rules hash and, for each
feature, the feature the other side's perspective sees: this script needs to know nothing of
the game.  The net is the one src/eval/nnue.h describes: features -> hidden (shared by both
perspectives, the side to move's first), a squared clipped ReLU, one output, trained in
floating point and quantised on export (shared layer x255, output layer x64, 1.0 = 400
centipawns).  The label of a position is the search's score (sigmoid of score / 400), or a
blend with the result of its game (--lambda).  The last 5% of each file's positions (its last
games) are held out, and the net written is the one of the pass with the lowest error on them.
With --adds-classical the net learns a correction that Herald adds to its classical evaluation,
which a few hundred thousand positions can teach.  With --init a generation starts from its
parent's weights instead of random ones, so that positions played by the parent add to what the
parent learnt where the parent's own positions are gone.  PyTorch runs it on the CPU, or on a GPU
where one is found (--device).
"""
import argparse
import copy
import gzip
import math
import struct
import sys
import time

import numpy as np
import torch

QA, QB, SCALE = 255, 64, 400
NET_VERSION, DATA_VERSION = 2, 2
NET_HEAD = "<IHHHHIIIII"  # rules hash, width, height, types, slots, features, hidden, QA, QB, SCALE
NO_SCORE = -32768


def read_file(path, magic, version, kind, what):
    """The bytes of a gzip file that starts with magic and the format version this script reads."""
    with gzip.open(path, "rb") as f:
        raw = f.read()
    if raw[:8] != magic:
        sys.exit(f"train.py: {path}: not {what} (no {magic.decode()} at its start)")
    found, = struct.unpack_from("<I", raw, 8)
    if found != version:
        sys.exit(f"train.py: {path}: {kind} version {found}; this script reads {version}")
    return raw


def read_data(path):
    raw = read_file(path, b"HERALDND", DATA_VERSION, "data", "a file of herald-tune pack")
    game = raw[12:44].split(b"\0")[0].decode()
    rules_hash, width, height, types, slots, features, k, count = struct.unpack_from("<IHHHHIII", raw, 44)
    at = 44 + struct.calcsize("<IHHHHIII")
    pieces = raw[at:at + 2 * types]
    at += 2 * types
    flip = np.frombuffer(raw, dtype="<u2", count=features, offset=at).astype(np.int64)
    at += 2 * features
    record = np.dtype([("side", "u1"), ("result", "u1"), ("score", "<i2"), ("classical", "<i2"),
                       ("features", "<u2", (k,))])
    if len(raw) - at != count * record.itemsize:
        sys.exit(f"train.py: {path}: {len(raw) - at} bytes of records where {count} records need "
                 f"{count * record.itemsize}")
    records = np.frombuffer(raw, dtype=record, count=count, offset=at)
    head = dict(game=game, rules_hash=rules_hash, width=width, height=height, types=types, slots=slots,
                features=features, pieces=pieces, flip=flip)
    return head, records


def load(paths):
    head, parts = None, []
    for path in paths:
        h, records = read_data(path)
        if head is None:
            head = h
        elif (h["game"], h["rules_hash"], h["features"]) != (head["game"], head["rules_hash"], head["features"]):
            sys.exit(f"train.py: {path}: positions of {h['game']} (rules hash {h['rules_hash']:08x}), "
                     f"not of {head['game']} ({head['rules_hash']:08x})")
        parts.append(records)
    k = max(r["features"].shape[1] for r in parts)
    n = sum(len(r) for r in parts)
    features = np.full((n, k), 0xFFFF, dtype=np.int64)
    side = np.empty(n, dtype=np.int64)
    result = np.empty(n, dtype=np.float32)
    score = np.empty(n, dtype=np.float32)
    classical = np.empty(n, dtype=np.float32)
    at = 0
    for r in parts:
        m = len(r)
        features[at:at + m, :r["features"].shape[1]] = r["features"]
        side[at:at + m] = r["side"]
        result[at:at + m] = r["result"] / 2.0
        score[at:at + m] = r["score"]
        classical[at:at + m] = r["classical"]
        at += m
    pad = head["features"]
    features[features == 0xFFFF] = pad
    flip = np.append(head["flip"], pad)  # the pad stays the pad
    return head, features, flip, side, result, score, classical, [len(r) for r in parts]


class Net(torch.nn.Module):
    def __init__(self, features, hidden):
        super().__init__()
        self.pad = features
        self.ft = torch.nn.EmbeddingBag(features + 1, hidden, mode="sum", padding_idx=features)
        self.ft_bias = torch.nn.Parameter(torch.zeros(hidden))
        self.out = torch.nn.Linear(2 * hidden, 1)
        with torch.no_grad():
            self.ft.weight.normal_(0, 0.1)
            self.ft.weight[features].zero_()
            self.out.weight.normal_(0, 1.0 / math.sqrt(2 * hidden))
            self.out.bias.zero_()

    def forward(self, us, them):
        a = torch.clamp(self.ft(us) + self.ft_bias, 0, 1) ** 2
        b = torch.clamp(self.ft(them) + self.ft_bias, 0, 1) ** 2
        return self.out(torch.cat([a, b], dim=1)).squeeze(1)  # in units of SCALE centipawns

    def clip(self):
        with torch.no_grad():  # what quantisation can hold: |out weight| <= 127/64
            self.out.weight.clamp_(-127 / QB, 127 / QB)
            self.ft.weight.clamp_(-127, 127)
            self.ft_bias.clamp_(-127, 127)


def labels(side, result, score, lam):
    """The side to move's label: lam * sigmoid(score / SCALE) + (1 - lam) * result."""
    white = side == 0
    r = torch.where(white, result, 1 - result)
    has = score != NO_SCORE
    s = torch.where(white, score, -score)
    blended = lam * torch.sigmoid(s / SCALE) + (1 - lam) * r
    return torch.where(has, blended, r)


def export(net, head, path, adds_classical):
    h = net.ft_bias.shape[0]
    ft = torch.round(net.ft.weight.detach()[:-1].cpu() * QA).clamp(-32767, 32767).to(torch.int16).numpy()
    bias = torch.round(net.ft_bias.detach().cpu() * QA).clamp(-32767, 32767).to(torch.int16).numpy()
    out = torch.round(net.out.weight.detach().cpu()[0] * QB).clamp(-127, 127).to(torch.int16).numpy()
    out_bias = int(round(float(net.out.bias.detach().cpu()[0]) * QA * QB))
    game = head["game"].encode()[:31].ljust(32, b"\0")
    blob = b"HERALDNN" + struct.pack("<I", NET_VERSION) + game
    blob += struct.pack(NET_HEAD, head["rules_hash"], head["width"], head["height"], head["types"],
                        head["slots"], head["features"], h, QA, QB, SCALE)
    blob += struct.pack("<I", 1 if adds_classical else 0)
    blob += head["pieces"]
    blob += bias.astype("<i2").tobytes() + ft.astype("<i2").tobytes() + out.astype("<i2").tobytes()
    blob += struct.pack("<i", out_bias)
    with gzip.open(path, "wb", compresslevel=9) as f:
        f.write(blob)
    return ft, bias, out, out_bias


def read_net(path, head, hidden):
    """A net written by export, as floating-point weights to start from (--init): refused unless
    it is for this data's game, rules and features, with the hidden size asked for."""
    raw = read_file(path, b"HERALDNN", NET_VERSION, "net", "a Herald net")
    game = raw[12:44].split(b"\0")[0].decode()
    rules_hash, _, _, types, _, features, h, qa, qb, scale = struct.unpack_from(NET_HEAD, raw, 44)
    at = 44 + struct.calcsize(NET_HEAD)
    adds, = struct.unpack_from("<I", raw, at)
    at += 4 + 2 * types
    if (game, rules_hash, features) != (head["game"], head["rules_hash"], head["features"]):
        sys.exit(f"train.py: {path}: a net of {game} (rules hash {rules_hash:08x}, {features} features), "
                 f"not of this data's {head['game']} ({head['rules_hash']:08x}, {head['features']})")
    if h != hidden or (qa, qb, scale) != (QA, QB, SCALE):
        sys.exit(f"train.py: {path}: {h} hidden units (quantised {qa}/{qb}/{scale}); --hidden {hidden} asked")
    bias = np.frombuffer(raw, dtype="<i2", count=h, offset=at).astype(np.float32) / QA
    at += 2 * h
    ft = np.frombuffer(raw, dtype="<i2", count=features * h, offset=at).astype(np.float32).reshape(features, h) / QA
    at += 2 * features * h
    out = np.frombuffer(raw, dtype="<i2", count=2 * h, offset=at).astype(np.float32) / QB
    at += 4 * h
    out_bias, = struct.unpack_from("<i", raw, at)
    return dict(adds_classical=bool(adds), ft=ft, bias=bias, out=out, out_bias=out_bias / (QA * QB))


def quantised_scores(q, us, them):
    """What Herald computes from the exported integers (src/eval/nnue_eval.c), for a check."""
    ft, bias, out, out_bias = q
    h = bias.shape[0]
    ft = np.vstack([ft.astype(np.int64), np.zeros((1, h), dtype=np.int64)])
    acc_us = ft[us].sum(axis=1) + bias
    acc_them = ft[them].sum(axis=1) + bias
    c_us, c_them = np.clip(acc_us, 0, QA), np.clip(acc_them, 0, QA)
    s = (c_us * out[:h] * c_us).sum(axis=1) + (c_them * out[h:] * c_them).sum(axis=1)
    return np.clip(np.trunc((np.trunc(s / QA) + out_bias) * SCALE / (QA * QB)), -10000, 10000)


def main():
    ap = argparse.ArgumentParser(description="Trains a Herald net from herald-tune pack's files.")
    ap.add_argument("data", nargs="+", help="files of herald-tune pack, all of one game")
    ap.add_argument("--out", required=True, help="the net file to write (GAME.nnue.gz)")
    ap.add_argument("--hidden", type=int, default=256, help="hidden units, a multiple of 16 up to 512")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--lambda", dest="lam", type=float, default=1.0,
                    help="weight of the search score in the label, the rest the game's result (default 1: the "
                    "results of self-play games at a few thousand nodes taught nets that played far worse)")
    ap.add_argument("--validation", type=float, default=0.05, help="share of positions held out")
    ap.add_argument("--hold-out", choices=["games", "positions"], default="games",
                    help="which positions are held out: the last share of each file, whose games the net never "
                    "sees (games, the default: a fair measure of what it learnt, since the positions of one game "
                    "are alike), or a random share (positions)")
    ap.add_argument("--weight-decay", type=float, default=0.0, help="AdamW's weight decay (0: plain Adam)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=0, help="CPU threads (0: PyTorch's choice)")
    ap.add_argument("--device", default="auto", help="auto, cpu or cuda")
    ap.add_argument("--adds-classical", action="store_true",
                    help="train a correction that Herald adds to its classical evaluation, rather than a whole "
                    "evaluation: learns from far fewer positions")
    ap.add_argument("--scores", help="writes to this file the exported net's score of the first 100 positions "
                    "of the data, in their order, from the side to move's view (what Herald's evaluation gives)")
    ap.add_argument("--init", help="a net (GAME.nnue.gz) to start from instead of random weights: a generation "
                    "learns from new positions without forgetting what the positions of its parent taught")
    ap.add_argument("--time-limit", type=float, default=0, help="seconds: no epoch starts after them (0: none)")
    a = ap.parse_args()
    if a.hidden % 16 or not 16 <= a.hidden <= 512:
        sys.exit("train.py: --hidden must be a multiple of 16 from 16 to 512")
    torch.manual_seed(a.seed)
    if a.threads:
        torch.set_num_threads(a.threads)
    device = ("cuda" if torch.cuda.is_available() else "cpu") if a.device == "auto" else a.device
    head, features, flip, side, result, score, classical, sizes = load(a.data)
    n = len(side)
    rng = np.random.default_rng(a.seed)
    if a.hold_out == "games":  # herald-tune writes each game's positions together, in the order played
        val_parts, train_parts, at = [], [], 0
        for m in sizes:
            cut = at + m - int(m * a.validation)
            train_parts.append(np.arange(at, cut))
            val_parts.append(np.arange(cut, at + m))
            at += m
        val_idx, train_idx = np.concatenate(val_parts), np.concatenate(train_parts)
        val_idx = val_idx[rng.permutation(len(val_idx))]
        if not len(val_idx):
            sys.exit("train.py: --hold-out games holds out nothing: too few positions or too small --validation")
    else:
        order = rng.permutation(n)
        cut = max(1, int(n * a.validation))
        val_idx, train_idx = order[:cut], order[cut:]
    held = len(val_idx)
    print(f"{head['game']}: {n} positions ({len(train_idx)} to train, {held} held out), "
          f"{head['features']} features, {a.hidden} hidden, on {device}", flush=True)

    dev = torch.device(device)
    features_t = torch.from_numpy(features).to(dev)
    flip_t = torch.from_numpy(flip).to(dev)
    side_t = torch.from_numpy(side).to(dev)
    target_t = labels(side_t, torch.from_numpy(result).to(dev), torch.from_numpy(score).to(dev), a.lam)
    classical_t = torch.from_numpy(classical).to(dev)
    classical_t = torch.where(side_t == 0, classical_t, -classical_t) / SCALE  # the side to move's
    base_t = classical_t if a.adds_classical else torch.zeros_like(classical_t)

    def views(idx):
        white = features_t[idx]
        black = flip_t[white]
        s = side_t[idx].unsqueeze(1) == 0
        return torch.where(s, white, black), torch.where(s, black, white)

    net = Net(head["features"], a.hidden).to(dev)
    opt = (torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=a.weight_decay) if a.weight_decay
           else torch.optim.Adam(net.parameters(), lr=a.lr))
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=max(1, a.epochs))
    val_t = torch.from_numpy(val_idx).to(dev)

    def validation_loss():
        net.eval()
        total = 0.0
        with torch.no_grad():
            for i in range(0, held, a.batch):
                idx = val_t[i:i + a.batch]
                us, them = views(idx)
                p = torch.sigmoid(base_t[idx] + net(us, them))
                total += float(((p - target_t[idx]) ** 2).sum())
        net.train()
        return total / held

    with torch.no_grad():
        alone = float(((torch.sigmoid(classical_t[val_t]) - target_t[val_t]) ** 2).mean())
    print(f"the classical evaluation alone: held out {alone:.6f}", flush=True)
    if a.init:
        start = read_net(a.init, head, a.hidden)
        if start["adds_classical"] != a.adds_classical:
            sys.exit(f"train.py: {a.init}: " + ("a correction of the classical evaluation; give --adds-classical"
                                                 if start["adds_classical"] else
                                                 "a whole evaluation; leave --adds-classical out"))
        with torch.no_grad():
            net.ft.weight[:-1].copy_(torch.from_numpy(start["ft"]))
            net.ft_bias.copy_(torch.from_numpy(start["bias"]))
            net.out.weight[0].copy_(torch.from_numpy(start["out"]))
            net.out.bias.fill_(start["out_bias"])
        print(f"starting from {a.init}", flush=True)
    elif a.adds_classical:
        with torch.no_grad():  # a correction starts from none
            net.out.weight.zero_()
    # The net written is the one of the epoch with the lowest held-out loss: with --hold-out games
    # that is where the net stops learning what carries over to other games (early stopping).
    best = (validation_loss(), 0, copy.deepcopy(net.state_dict()))
    done = 0
    print(f"epoch 0: held out {best[0]:.6f}", flush=True)
    train_t = torch.from_numpy(train_idx).to(dev)
    began = time.time()
    for epoch in range(1, a.epochs + 1):
        start = time.time()
        if a.time_limit and start - began > a.time_limit:
            print(f"stopped before epoch {epoch}: --time-limit {a.time_limit:g} s", flush=True)
            break
        perm = train_t[torch.randperm(len(train_t), device=dev)]
        total, batches = 0.0, 0
        for i in range(0, len(perm), a.batch):
            idx = perm[i:i + a.batch]
            us, them = views(idx)
            p = torch.sigmoid(base_t[idx] + net(us, them))
            loss = ((p - target_t[idx]) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            net.clip()
            total += float(loss.detach())
            batches += 1
        sched.step()
        loss = validation_loss()
        print(f"epoch {epoch}/{a.epochs}: train {total / batches:.6f}, held out {loss:.6f}, "
              f"{time.time() - start:.1f} s", flush=True)
        done = epoch
        if loss < best[0]:
            best = (loss, epoch, copy.deepcopy(net.state_dict()))
    if best[1] != done:
        net.load_state_dict(best[2])
        print(f"the net of epoch {best[1]} is written: its held-out loss was the lowest", flush=True)

    q = export(net, head, a.out, a.adds_classical)
    check = val_idx[:2000]
    us, them = views(torch.from_numpy(check).to(dev))
    with torch.no_grad():
        exact = (net(us, them) * SCALE).cpu().numpy()
    quant = quantised_scores(q, us.cpu().numpy(), them.cpu().numpy())
    if a.scores:
        first = torch.arange(min(100, n), device=dev)
        us, them = views(first)
        with open(a.scores, "w") as f:
            for v in quantised_scores(q, us.cpu().numpy(), them.cpu().numpy()):
                f.write(f"{int(v)}\n")
    print(f"written to {a.out}: held-out loss {validation_loss():.6f}; quantised scores differ from the "
          f"trained ones by {np.abs(exact - quant).mean():.1f} centipawns on average", flush=True)


if __name__ == "__main__":
    main()
