"""sqlite3's amalgamation (`sqlite3.c` + `shell.c`), generated once from Debian's sqlite3
source package (which ships the source tree, not the amalgamation) with its own
`configure && make sqlite3.c shell.c` (tclsh runs the generator scripts), out of tree,
into `<cache>/sqlite3-amalgamation/` next to the other Debian sources. Never in the repo.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import debsrc

FILES = ("sqlite3.c", "sqlite3.h", "sqlite3ext.h", "shell.c")
# the -D options debian/rules adds to CFLAGS for the sqlite3 packages
DEBIAN_DEFINES = [
    "-DSQLITE_SECURE_DELETE", "-DSQLITE_ENABLE_COLUMN_METADATA", "-DSQLITE_ENABLE_FTS3",
    "-DSQLITE_ENABLE_FTS3_PARENTHESIS", "-DSQLITE_ENABLE_RTREE=1", "-DSQLITE_SOUNDEX=1",
    "-DSQLITE_ENABLE_UNLOCK_NOTIFY", "-DSQLITE_OMIT_LOOKASIDE=1", "-DSQLITE_ENABLE_DBSTAT_VTAB",
    "-DSQLITE_ALLOW_ROWID_IN_VIEW", "-DSQLITE_ENABLE_UPDATE_DELETE_LIMIT=1",
    "-DSQLITE_ENABLE_LOAD_EXTENSION", "-DSQLITE_ENABLE_JSON1", "-DSQLITE_LIKE_DOESNT_MATCH_BLOBS",
    "-DSQLITE_THREADSAFE=1", "-DSQLITE_ENABLE_FTS3_TOKENIZER=1", "-DSQLITE_USE_URI=1",
    "-DSQLITE_MAX_SCHEMA_RETRY=25", "-DSQLITE_ENABLE_PREUPDATE_HOOK", "-DSQLITE_ENABLE_SESSION",
    "-DSQLITE_ENABLE_STMTVTAB", "-DSQLITE_MAX_VARIABLE_NUMBER=250000",
]
LIBS = ["-lpthread", "-ldl", "-lm"]


class AmalgamationUnavailable(Exception):
    pass


def amalgamation() -> Path:
    """The directory holding FILES, generating them on first use."""
    src = debsrc.fetch("sqlite3")
    out = debsrc.cache_dir() / "sqlite3-amalgamation"
    with debsrc._locked():
        if (out / "done").is_file():
            return out
        if shutil.which("tclsh") is None:
            raise AmalgamationUnavailable("tclsh (package tcl) is needed to generate sqlite3.c")
        build = debsrc.cache_dir() / ".sqlite3-amalgamation-build"
        shutil.rmtree(build, ignore_errors=True)
        build.mkdir()
        for cmd in ([str(src / "configure"), "--disable-tcl"], ["make", "sqlite3.c", "shell.c"]):
            r = subprocess.run(cmd, cwd=build, capture_output=True, text=True, timeout=900)
            if r.returncode != 0:
                raise AmalgamationUnavailable(f"{' '.join(cmd)} failed:\n{r.stderr[-2000:]}")
        out.mkdir(exist_ok=True)
        for name in FILES:
            shutil.copy2(build / name, out / name)
        shutil.rmtree(build, ignore_errors=True)
        (out / "done").write_text("generated from " + src.name + "\n")
        return out
