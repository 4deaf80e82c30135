"""A small seccomp filter for the sandbox, compiled once with libseccomp (when it is there).

The sandboxed command already has no capabilities and no way to gain any; the filter
removes kernel surface it has no use for: new namespaces (``unshare``, ``clone`` with
namespace flags, ``setns``; ``clone3`` answers ENOSYS so libc falls back to ``clone``),
mounting, keyrings, BPF, perf events, userfaultfd, io_uring, module and kexec loading,
and a few administrative calls. Blocked calls fail with EPERM, which programs report as
an ordinary error. Without libseccomp the sandbox runs without the filter.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import functools
import os

_ALLOW = 0x7FFF0000
_ERRNO = 0x00050000
_CMP_MASKED_EQ = 7
_NAMESPACE_FLAGS = 0x10000000 | 0x20000000 | 0x40000000 | 0x00020000 | 0x04000000 | 0x08000000 | 0x02000000
"""CLONE_NEWUSER, NEWPID, NEWNET, NEWNS, NEWUTS, NEWIPC, NEWCGROUP."""

BLOCKED = (
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot",
    "fsopen", "fsmount", "fspick", "open_tree", "move_mount", "mount_setattr",
    "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "open_by_handle_at", "name_to_handle_at", "syslog", "acct", "swapon", "swapoff",
    "reboot", "quotactl", "lookup_dcookie", "vhangup",
)  # fmt: skip


class _ArgCmp(ctypes.Structure):
    _fields_ = [
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    ]


def _compile() -> bytes | None:
    name = ctypes.util.find_library("seccomp")
    if name is None:
        return None
    lib = ctypes.CDLL(name)
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [
        ctypes.c_void_p,
        ctypes.c_uint32,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.c_void_p,
    ]
    lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    ctx = lib.seccomp_init(_ALLOW)
    if not ctx:
        return None
    fd = os.memfd_create("arena-seccomp-build", os.MFD_CLOEXEC)
    try:
        eperm = _ERRNO | errno.EPERM
        for call in BLOCKED:
            nr = lib.seccomp_syscall_resolve_name(call.encode())
            if nr >= 0 and lib.seccomp_rule_add_array(ctx, eperm, nr, 0, None) != 0:
                return None
        clone = lib.seccomp_syscall_resolve_name(b"clone")
        flags = (_ArgCmp * 1)()
        if clone >= 0:
            # One rule per namespace flag: (flags & bit) == bit.
            for bit in [b for b in range(32) if _NAMESPACE_FLAGS >> b & 1]:
                flags[0] = _ArgCmp(0, _CMP_MASKED_EQ, 1 << bit, 1 << bit)
                if lib.seccomp_rule_add_array(ctx, eperm, clone, 1, flags) != 0:
                    return None
        clone3 = lib.seccomp_syscall_resolve_name(b"clone3")
        if clone3 >= 0 and lib.seccomp_rule_add_array(ctx, _ERRNO | errno.ENOSYS, clone3, 0, None) != 0:
            return None
        if lib.seccomp_export_bpf(ctx, fd) != 0:
            return None
        os.lseek(fd, 0, os.SEEK_SET)
        data = b""
        while chunk := os.read(fd, 65536):
            data += chunk
        return data or None
    finally:
        os.close(fd)
        lib.seccomp_release(ctx)


@functools.cache
def filter_program() -> bytes | None:
    """The compiled BPF program, or ``None`` where libseccomp is missing or fails."""
    with contextlib.suppress(OSError, AttributeError):
        return _compile()
    return None


def filter_fd() -> int | None:
    """A fresh descriptor holding the program, positioned at its start (bwrap reads it once)."""
    program = filter_program()
    if program is None:
        return None
    fd = os.memfd_create("arena-seccomp", os.MFD_CLOEXEC)
    os.write(fd, program)
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
