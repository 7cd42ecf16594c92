"""@file response files, with gcc's (libiberty's) quoting rules, nested."""

from __future__ import annotations

from atomc.driver.respfile import expand, split_words

from driver_support import atomc, gcc, ok


def test_split_words():
    assert split_words("a  b\n\tc") == ["a", "b", "c"]
    assert split_words("'a b' \"c d\" e\\ f") == ["a b", "c d", "e f"]
    assert split_words("x'y z'w") == ["xy zw"]
    assert split_words("'it''s'") == ["its"]
    assert split_words('"a\\"b"') == ['a"b']
    assert split_words("'a\\'b'") == ["a'b"]  # a backslash escapes inside single quotes too
    assert split_words('""') == [""]
    assert split_words("") == []


def test_expand_nested_and_missing(tmp_path):
    (tmp_path / "inner").write_text("-DINNER=1 'spaced arg'\n")
    (tmp_path / "outer").write_text(f"-c @{tmp_path}/inner -O2\n")
    assert expand(["-x", f"@{tmp_path}/outer", "t.c"]) == \
        ["-x", "-c", "-DINNER=1", "spaced arg", "-O2", "t.c"]
    assert expand(["@/nonexistent/file"]) == ["@/nonexistent/file"]
    assert expand([f"@{tmp_path}"]) == [f"@{tmp_path}"]  # a directory stays as is


def test_self_including_file_is_refused(tmp_path):
    (tmp_path / "loop").write_text(f"@{tmp_path}/loop\n")
    p = atomc(f"@{tmp_path}/loop")
    assert p.returncode == 1 and "too many @-files" in p.stderr


def test_response_files_as_gcc_reads_them(twin):
    src = ("#include <stdio.h>\nint main(void) { printf(\"%s|%s|%s|%d\\n\", A, B, C, D); "
           "return 0; }\n")
    rsp = ("-DA='\"two words\"' \"-DB=\\\"quoted\\\"\"\n-DC=\\\"back\\ slash\\\" @more\n")
    a_dir, g_dir = twin({"m.c": src, "args.rsp": rsp, "more": "-DD=4 -o prog\n"})
    outs = []
    for d, cc in ((a_dir, atomc), (g_dir, gcc)):
        ok(cc("@args.rsp", "m.c", cwd=d))
        from driver_support import run
        outs.append(ok(run([str(d / "prog")])).stdout)
    assert outs[0] == outs[1] == "two words|quoted|back slash|4\n"
