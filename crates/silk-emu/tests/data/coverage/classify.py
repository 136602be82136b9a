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
    (r"^s_rfe", "return from the trap handler: privileged trap-handler code only, and no trap handler runs"),
    (r"^s_endpgm_saved$", "ends a wave the context-switch trap handler has saved: trap-handler code only"),
    (r"^s_endpgm_ordered_ps_done$", "graphics: ends a pixel shader's POPS critical section"),
    (r"^(s_sethalt|s_sendmsghalt)$", "halts the wave until a debugger or the host resumes it"),
    (r"^s_atc_probe", "address-translation-cache probe: a prefetch hint with no result, and no builtin emits it"),
    (r"^v_clrexcp$", "clears the wave's VALU exception state, which only a trap handler reads; no builtin emits it"),
    (r"^v_pipeflush$", "VALU pipeline flush: a hazard control with no result, and no builtin emits it"),
    (r"^s_wait_event$", "graphics: waits for export_ready, which the export pipeline raises for waves that export"),
    (r"^v_screen_partition", "graphics: screen-space partition over 4 shader engines; the CDNA3 guide does not define it"),
    (r"^ds_bvh_stack", "ray-tracing traversal stack: the RDNA3/3.5 guides leave DECODE_ADDR/ENCODE_ADDR, "
     "INVALID_NODE and the per-lane stride undefined, and their pop reads the slot the push has not written"),
    (r"^(v_interp|exp|lds_param|lds_direct|ds_gws|ds_ordered|image_)",
     "graphics: interpolation, export, GWS/ordered count, images"),
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
