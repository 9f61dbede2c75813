#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Makes a small fuzzing seed from a real memprof or sysprof dump: the first
N symbol table entries, the event stream's prologue, and its first M events
or samples (cut at their boundaries), then the epilogue. The fixture dumps carry a symbol table of
~120 KB of C symbols before their first event; the fuzzer runs much faster
on seeds of a few KB that still hold every kind of event.
Usage: shrink_seed.py IN.bin OUT.bin [SYMBOLS [EVENTS]]"""
import sys


def uleb(data, pos):
    shift = 0
    while True:
        byte = data[pos]
        pos += 1
        if not byte & 0x80:
            return pos
        shift += 7


def string(data, pos):
    start = pos
    length = 0
    shift = 0
    while True:
        byte = data[pos]
        pos += 1
        length |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            break
    del start
    return pos + length


def symbol_body(data, pos, kind, version):
    if kind == 0:  # lfunc: addr chunk line
        return uleb(data, string(data, uleb(data, pos)))
    if kind == 1:  # cfunc: addr name
        return string(data, uleb(data, pos))
    if kind == 2:  # trace: no [mcode] addr line
        count = 4 if version == 2 else 3
        for _ in range(count):
            pos = uleb(data, pos)
        return pos
    return pos


def uleb_value(data, pos):
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def host_stack(data, pos):
    while True:
        addr, pos = uleb_value(data, pos)
        if addr == 0:
            return pos


def sysprof_item(data, pos, version):
    """The end of the sample or symbol at pos (docs/FORMAT.md, Sysprof samples)."""
    header = data[pos]
    pos += 1
    if header in (1, 2, 3):  # a Lua chain, then a host chain
        while data[pos] != 0x80:
            frame = data[pos]
            pos = uleb(data, pos + 1)
            if frame == 1:
                pos = uleb(data, pos)
        return host_stack(data, pos + 1)
    if header == 9:  # trace: traceno, prototype, line
        return uleb(data, uleb(data, uleb(data, pos)))
    if header >= 10:
        kind = {10: 0, 11: 1, 12: 2}[header] if version >= 2 else 1
        return symbol_body(data, pos, kind, 3)
    return host_stack(data, pos)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    max_symbols = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    max_events = int(sys.argv[4]) if len(sys.argv) > 4 else 300
    data = open(src, "rb").read()
    version = data[3]
    out = bytearray(data[:7])
    pos = 7
    kept = 0
    while data[pos] & 0x80 == 0:
        header = data[pos]
        end = symbol_body(data, pos + 1, header & 3, version)
        if kept < max_symbols or header & 3 == 0:  # keep every Lua function
            out += data[pos:end]
            kept += 1
        pos = end
    out.append(0x80)
    pos += 1
    out += data[pos:pos + 7]
    ev_version = data[pos + 3]
    sysprof = data[pos:pos + 3] == b"ljp"
    pos += 7
    for _ in range(max_events):
        if sysprof:
            if pos >= len(data) or data[pos] & 0x80:
                break
            end = sysprof_item(data, pos, ev_version)
            out += data[pos:end]
            pos = end
            continue
        if pos >= len(data) or data[pos] == 0x80:
            break
        header = data[pos]
        event, source = header & 3, header & (0x0C if ev_version == 1 else 0x1C)
        p = pos + 1
        if event == 0 or header == 0x01:
            kind = 1 if header == 0x01 else {0x08: 0, 0x0C: 1, 0x10: 2}.get(source, 9)
            p = symbol_body(data, p, kind, ev_version)
        else:
            locs = {0x08: 2, 0x0C: 1, 0x10: 2 if ev_version == 2 else 1}.get(source, 0)
            fields = {1: 2, 2: 2, 3: 4}[event]
            for _ in range(locs + fields):
                p = uleb(data, p)
        out += data[pos:p]
        pos = p
    out.append(0x80)
    open(dst, "wb").write(out)


if __name__ == "__main__":
    main()
