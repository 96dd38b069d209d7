"""Replacing a file only by a complete one, keeping every promise a plain write keeps.

A writer that fails half-way (a full disk, an error while serialising, an interrupt, a kill) must
leave the previous file as it was and no temporary file behind. A plain ``open(path, "w")``
also promises things an atomic rename could silently break, and those are kept here:

* a file this user may not write is refused with "Permission denied" (never replaced);
* a symbolic link stays a link, and the file it points to is updated;
* an existing file keeps its mode, owner, group and extended attributes (ACLs); a new file gets
  what ``open`` gives (0o666 less the umask, the directory's default ACL);
* any name the file system accepts for the target works (the temporary file needs no longer one).

The data go into an unnamed file in the target's directory (Linux ``O_TMPFILE``: a killed process
leaves nothing behind), which is then linked under a short temporary name and renamed over the
target. Where no unnamed file can be made (other systems, some network file systems) a named
hidden temporary file is used; only a hard kill can then leave it behind.

Where atomicity and a promise conflict, the promise wins and the file is written *in place*, as a
plain write would, from the complete temporary copy (so an error while serialising still leaves
the target untouched): a target that is not a regular file (``/dev/null``, a FIFO), one with
several hard links, one whose owner, group or extended attributes a new file cannot get, or one in
a directory where this user may write the file but not create or rename files. :attr:`note` then
says why; callers pass it on to the user.
"""
from __future__ import annotations

import errno
import os
import secrets
import stat
import tempfile
from typing import Optional, Union

# Errors that mean "not here, not this way", after which writing in place is tried.
_NOT_PERMITTED = (errno.EACCES, errno.EPERM)
_NO_UNNAMED_FILES = {errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL, errno.ENOENT, errno.ENOTSUP}
# os.rename replaces atomically on POSIX; it is the one of rename/replace listed for dir_fd
_USE_DIR_FD = {os.open, os.link, os.rename, os.unlink} <= os.supports_dir_fd


class AtomicReplacement:
    """Writes ``target`` through a temporary file, used as ``with AtomicReplacement(path) as r:``.

    Creating it checks what a plain write would (``OSError`` with the same ``errno``: a directory,
    no permission, a missing directory, a link loop) before anything exists. Inside the block the
    caller writes the data into :attr:`fd` or opens :attr:`path`. A clean exit makes the data the
    target's content; any exception (there or in the block) leaves the target untouched and no
    temporary file behind.

    Attributes:
        fd: the temporary file's open descriptor (read-write); the caller may write to it and must
            not close it (closed here). Writers that need a path use :attr:`path`.
        path: a path by which the temporary file can be opened for writing.
        target: the file that is written: ``path`` with symbolic links resolved.
        note: None when the replacement is atomic, else why the file is written in place.
    """

    def __init__(self, target: Union[str, os.PathLike], mode: int = 0o666):
        requested = os.fspath(target)
        self.mode = mode
        self.note: Optional[str] = None
        self._existing = _stat_target(requested)
        self.target = os.path.realpath(requested)
        self.directory, self.name = os.path.split(self.target)
        self._dir_fd: Optional[int] = None
        self._link_name: Optional[str] = None  # the named temporary file, while it exists
        self._staged_name: Optional[str] = None  # a named staging file outside the directory
        self.fd = -1
        self.path = ""
        existing = self._existing
        if existing is not None:
            if stat.S_ISDIR(existing.st_mode):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), requested)
            if not stat.S_ISREG(existing.st_mode):
                self.note = "it is not a regular file"
            else:
                _probe_writable(self.target)  # "Permission denied" as a plain write: nothing replaced
                if existing.st_nlink > 1:
                    self.note = (f"it has {existing.st_nlink} hard links, which a replacement would "
                                 "separate from this name")
        try:
            self._open_directory()
            self._create()
            if self.note is None and existing is not None:
                self._copy_metadata(existing)
        except BaseException:
            self._discard()
            raise

    # -- creating the temporary file ----------------------------------------------------------
    def _open_directory(self) -> None:
        if _USE_DIR_FD:
            flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
            self._dir_fd = os.open(self.directory or ".", flags)

    def _create(self) -> None:
        """The temporary file: unnamed in the target's directory, else named there, else (the
        directory is not writable, the file is: written in place) unnamed in the system's."""
        if self.note is None:
            try:
                if self._create_unnamed() or self._create_named():
                    return
            except OSError as error:
                if error.errno not in _NOT_PERMITTED or self._existing is None:
                    raise  # a new file needs the directory: a plain write fails the same way
                self.note = "this user may write the file but not create files in its directory"
        # in place: the data are staged outside the directory, then copied into the target
        self.fd, name = tempfile.mkstemp(prefix=".extrap-segmented-", suffix=".partial")
        if _fd_path(self.fd) is not None:
            os.unlink(name)  # opened by its descriptor's path: nothing can be left behind
            self.path = _fd_path(self.fd)
        else:
            self._staged_name = self.path = name

    def _create_unnamed(self) -> bool:
        flag = getattr(os, "O_TMPFILE", 0)
        if not flag or not _HAS_PROC_FD:
            return False
        try:
            self.fd = self._os_open(".", flag | os.O_RDWR | getattr(os, "O_CLOEXEC", 0), self.mode)
        except OSError as error:
            if error.errno in _NO_UNNAMED_FILES:
                return False
            raise
        self.path = _fd_path(self.fd)
        return True

    def _create_named(self) -> bool:
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        for _ in range(100):
            name = self._temporary_name()
            try:
                self.fd = self._os_open(name, flags, self.mode)
            except FileExistsError:
                continue
            self._link_name = name
            self.path = _fd_path(self.fd) or os.path.join(self.directory, name)
            return True
        raise FileExistsError(errno.EEXIST, "no free temporary file name", self.directory)

    def _temporary_name(self) -> str:
        """``.NAME.XXXXXXXX.partial``, NAME shortened so that the whole fits the directory's name limit."""
        suffix = f".{secrets.token_hex(4)}.partial".encode()
        try:
            limit = os.pathconf(self.directory or ".", "PC_NAME_MAX")
        except (OSError, ValueError, AttributeError):
            limit = 255
        name = os.fsencode(self.name)[:max(0, limit - len(suffix) - 1)]
        return os.fsdecode(b"." + name + suffix)

    def _copy_metadata(self, existing: os.stat_result) -> None:
        """Owner, group, extended attributes (ACLs) and mode of the existing target; where the
        new file cannot have them, the file is written in place instead."""
        current = os.fstat(self.fd)
        if (current.st_uid, current.st_gid) != (existing.st_uid, existing.st_gid):
            try:
                os.fchown(self.fd, existing.st_uid, existing.st_gid)
            except OSError as error:
                if error.errno not in _NOT_PERMITTED:
                    raise
                whose = "user" if current.st_uid != existing.st_uid else "group"
                self.note = (f"it belongs to {whose} {_owner_name(existing, whose)}, which a new file written by "
                             "this user cannot be given")
                return
        for attribute in _xattr_names(self.target):
            try:
                os.setxattr(self.fd, attribute, os.getxattr(self.target, attribute))
            except OSError as error:
                self.note = f"its extended attribute {attribute!r} cannot be given to a new file ({error.strerror})"
                return
        os.fchmod(self.fd, stat.S_IMODE(existing.st_mode))

    # -- the block --------------------------------------------------------------------------
    def __enter__(self) -> "AtomicReplacement":
        return self

    def __exit__(self, error_type, error, traceback) -> None:
        try:
            if error_type is None:
                self._commit()
        finally:
            self._discard()

    def _commit(self) -> None:
        os.fsync(self.fd)
        if self.note is None:
            try:
                self._replace()
                return
            except OSError as failure:
                if failure.errno not in _NOT_PERMITTED or self._existing is None:
                    raise
                # e.g. a sticky directory (/tmp) and a file of another user: writable, not replaceable
                self.note = f"this user may write the file but not replace it ({failure.strerror})"
        self._write_in_place()

    def _replace(self) -> None:
        if self._link_name is None:  # unnamed: give it a short-lived name, then rename it
            name = self._temporary_name()
            os.link(_fd_path(self.fd), self._relative(name), dst_dir_fd=self._dir_fd, follow_symlinks=True)
            self._link_name = name
        if self._dir_fd is not None:
            os.rename(self._link_name, self.name, src_dir_fd=self._dir_fd, dst_dir_fd=self._dir_fd)
        else:
            os.replace(self._relative(self._link_name), self._relative(self.name))
        self._link_name = None
        if self._dir_fd is not None:
            try:
                os.fsync(self._dir_fd)  # the rename itself survives a crash
            except OSError:
                pass

    def _write_in_place(self) -> None:
        """Copies the complete temporary file into the target, as a plain write would write it."""
        flags = os.O_WRONLY | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)
        if self._existing is None:
            flags |= os.O_CREAT
        out = os.open(self.target, flags, self.mode)
        try:
            os.lseek(self.fd, 0, os.SEEK_SET)
            while True:
                chunk = os.read(self.fd, 1 << 20)
                if not chunk:
                    break
                view = memoryview(chunk)
                while view:
                    view = view[os.write(out, view):]
        finally:
            os.close(out)

    def _discard(self) -> None:
        if self.fd >= 0:
            try:
                os.close(self.fd)
            except OSError:
                pass
            self.fd = -1
        for path, dir_fd in ((self._link_name and self._relative(self._link_name), self._dir_fd),
                             (self._staged_name, None)):
            if path:
                try:
                    os.unlink(path, dir_fd=dir_fd)
                except OSError:
                    pass
        self._link_name = None
        self._staged_name = None
        if self._dir_fd is not None:
            os.close(self._dir_fd)
            self._dir_fd = None

    # -- helpers ----------------------------------------------------------------------------
    def _relative(self, name: str) -> str:
        """``name`` for calls with ``dir_fd`` (relative), else a path."""
        return name if self._dir_fd is not None else os.path.join(self.directory, name)

    def _os_open(self, name: str, flags: int, mode: int) -> int:
        if self._dir_fd is not None:
            return os.open(name, flags, mode, dir_fd=self._dir_fd)
        return os.open(os.path.join(self.directory, name), flags, mode)


def _stat_target(path: str) -> Optional[os.stat_result]:
    """The target's status (links followed), None if there is none yet (a dangling link: the file
    it names is created, as a plain write would); ``OSError`` for a link loop or no access."""
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def _probe_writable(path: str) -> None:
    """Opens the existing file for writing and closes it again, changing nothing: refused exactly
    when a plain write would be (mode, ACL, read-only mount, immutable file, root's override)."""
    os.close(os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)))


_HAS_PROC_FD = os.path.isdir("/proc/self/fd")


def _fd_path(fd: int) -> Optional[str]:
    """A path that opens descriptor ``fd`` again (Linux ``/proc``), None where there is none."""
    return f"/proc/self/fd/{fd}" if _HAS_PROC_FD else None


def _xattr_names(path: str) -> list[str]:
    if not hasattr(os, "listxattr"):
        return []
    try:
        return os.listxattr(path)
    except OSError:  # not supported by the file system: nothing to copy
        return []


def _owner_name(status: os.stat_result, whose: str) -> str:
    try:
        if whose == "user":
            import pwd
            return pwd.getpwuid(status.st_uid).pw_name
        import grp
        return grp.getgrgid(status.st_gid).gr_name
    except (ImportError, KeyError):
        return str(status.st_uid if whose == "user" else status.st_gid)
