//! The process entry point. glibc's `Scrt1.o` normally supplies `_start`, but
//! it ships with the C development files, not with the runtime a user has, so
//! we emit our own: the System V x86-64 ABI §3.4.1 initial stack (argc at
//! `%rsp`, argv after it, `%rdx` the loader's finaliser) handed to
//! `__libc_start_main(main, argc, argv, init = 0, fini = 0, rtld_fini, stack_end)`.

/// `_start` machine code; the two 4-byte holes are relocated (see below).
pub(crate) const CODE: [u8; 34] = [
    0x31, 0xed, // xor %ebp,%ebp            outermost frame
    0x49, 0x89, 0xd1, // mov %rdx,%r9       rtld_fini
    0x5e, // pop %rsi                        argc
    0x48, 0x89, 0xe2, // mov %rsp,%rdx      argv
    0x48, 0x83, 0xe4, 0xf0, // and $-16,%rsp   16-byte call alignment
    0x50, // push %rax                       keep alignment
    0x54, // push %rsp                       stack_end
    0x45, 0x31, 0xc0, // xor %r8d,%r8d      fini
    0x31, 0xc9, // xor %ecx,%ecx             init
    0x48, 0x8d, 0x3d, 0, 0, 0, 0, // lea main(%rip),%rdi
    0xff, 0x15, 0, 0, 0, 0,    // call *__libc_start_main@GOTPCREL(%rip)
    0xf4, // hlt                             never returns
];

/// Offset of the `main` PC-relative displacement in [`CODE`].
pub(crate) const MAIN_DISP: u32 = 23;
/// Offset of the `__libc_start_main` GOT-relative displacement in [`CODE`].
pub(crate) const LIBC_START_MAIN_DISP: u32 = 29;
