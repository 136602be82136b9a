#!/usr/bin/env python3
"""Regenerate out_of_scope.txt: every opcode of the three processors' ISA
tables the emulator does not execute, with the reason.

    cargo run -q -p silk-emu --example coverage -- --missing | \
        python3 classify.py > out_of_scope.txt

The rules below give the reason by mnemonic; "not implemented yet" marks
compute opcodes still to do (tests/coverage.rs fails when one of the listed
opcodes gains semantics, so the list only shrinks)."""
import re
import sys

RULES = [
    (r"^v_dual_", "VOPD pair: executed as its X and Y VOP1/VOP2 halves"),
    (r"^(s_rfe|s_sethalt|s_setvskip|s_cbranch_(join|g_fork|i_fork|cdbg)|s_endpgm_(saved|ordered_ps_done)|"
     r"s_incperflevel|s_decperflevel|s_trap|s_ttrace|v_clrexcp|s_wait_event|s_wait_idle|v_pipeflush|s_sendmsghalt|"
     r"v_illegal|s_atc_probe|s_set_gpr_idx_mode)",
     "trap, debug or performance control: no effect a compute result can observe, or needs a trap handler"),
    (r"^(v_cube|v_screen_partition|v_mullit|v_cvt_pkaccum|v_interp|exp|lds_param|lds_direct|ds_gws|ds_ordered|"
     r"s_subvector_loop|ds_bvh_stack|image_|v_cvt_off_f32_i4)",
     "graphics: cube maps, screen partitioning, interpolation, export, GWS/ordered count, ray tracing"),
]
TODO = "not implemented yet"

names = []
for line in sys.stdin:
    if line.startswith("  "):
        n = line.split()[0]
        if n not in names:
            names.append(n)
for n in sorted(names):
    reason = next((r for p, r in RULES if re.search(p, n)), TODO)
    print(f"{n}\t{reason}")
