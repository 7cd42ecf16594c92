"""Member lookup by name is one probe, not a scan of the members (issue 13)."""
from atomc.frontend import ctype
from atomc.frontend.ctype import INT, Member, RecordKind, StructT


def _wide_struct(n: int) -> StructT:
    inner = StructT(RecordKind.STRUCT, "")
    inner.layout([("deep", INT, 0)])
    st = StructT(RecordKind.STRUCT, "wide")
    st.layout([(f"m{i}", INT, 0) for i in range(n)] + [("", inner, 0), ("", INT, 0)])
    return st


def test_lookups_do_not_rescan_members(monkeypatch):
    st = _wide_struct(500)
    calls = 0
    real = ctype.unqual

    def counting(t):
        nonlocal calls
        calls += 1
        return real(t)

    monkeypatch.setattr(ctype, "unqual", counting)
    for _ in range(3):
        for i in range(500):
            assert st.find_member(f"m{i}") == (4 * i, st.members[i])
    # the old scan looked at every member before each hit (about 375k type looks)
    assert calls <= 2


def test_first_match_in_declaration_order():
    st = _wide_struct(3)
    off, m = st.find_member("deep")
    assert (off, m.name) == (12, "deep")
    assert st.find_member("")[1] is st.members[3]  # the first unnamed member
    assert st.find_member("nothing") is None
    assert st.find("m2") == (8, INT)


def test_relayout_refreshes_the_index():
    st = _wide_struct(2)
    assert st.find_member("m1") is not None
    st.layout([("x", INT, 0)])
    assert st.find_member("m1") is None
    assert st.find_member("x") == (0, st.members[0])
    assert isinstance(st.members[0], Member)
