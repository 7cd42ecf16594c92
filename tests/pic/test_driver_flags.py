"""The code-generation flags of this work, as the driver reads them (gcc's
meanings, including which of -fpic/-fPIC/-fpie/-fPIE/-fno-pic wins), the
macros gcc's preprocessor defines for them, and gcc's errors for bad values."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from pic_support import GCC

from atomc.driver import main, parse_args
from atomc.options import CfProtection, CodeModel, StackProtector

CODE_MODELS = [
    ([], CodeModel.PIE), (["-fPIC"], CodeModel.PIC), (["-fpic"], CodeModel.PIC),
    (["-fPIE"], CodeModel.PIE), (["-fno-pic"], CodeModel.STATIC), (["-fno-pie"], CodeModel.STATIC),
    (["-fPIE", "-fPIC"], CodeModel.PIC), (["-fPIC", "-fPIE"], CodeModel.PIE),
    (["-fPIC", "-fno-pie"], CodeModel.PIC), (["-fPIC", "-fno-pic"], CodeModel.STATIC),
]


@pytest.mark.parametrize(("flags", "model"), CODE_MODELS, ids=[" ".join(f) or "default"
                                                               for f, _ in CODE_MODELS])
def test_code_model(flags: list[str], model: CodeModel):
    assert parse_args([*flags, "x.c"]).opts.code_model is model


def test_hardening_and_section_flags():
    o = parse_args(["-fstack-protector-strong", "-fstack-clash-protection", "-fcf-protection",
                    "-ffunction-sections", "-fdata-sections", "-fcommon",
                    "-fvisibility=hidden", "-ftls-model=initial-exec", "x.c"]).opts
    assert o.stack_protector is StackProtector.STRONG and o.stack_clash_protection
    assert o.cf_protection is CfProtection.FULL and o.function_sections and o.data_sections
    assert o.common and o.visibility == "hidden" and o.tls_model == "initial-exec"
    o = parse_args(["-fstack-protector-all", "-fno-stack-protector", "-fcf-protection=branch",
                    "-fcommon", "-fno-common", "x.c"]).opts
    assert o.stack_protector is StackProtector.NONE and o.cf_protection is CfProtection.BRANCH
    assert not o.common


def test_link_mode_flags_reach_the_linker():
    a = parse_args(["-shared", "-static-pie", "-no-pie", "x.o"])
    assert a.link_args == ["-shared", "-static-pie", "-no-pie"]


@pytest.mark.parametrize("arg", ["-fvisibility=secret", "-ftls-model=fast",
                                 "-fcf-protection=most"])
def test_bad_values_are_errors(arg: str, capsys):
    assert main([arg, "-c", "x.c"]) == 1
    assert "error:" in capsys.readouterr().err


MACROS = ["__PIC__", "__pic__", "__PIE__", "__pie__", "__SSP__", "__SSP_STRONG__",
          "__SSP_ALL__", "__SSP_EXPLICIT__", "__CET__"]


@pytest.mark.parametrize("flags", [[], ["-fPIC"], ["-fno-pic"], ["-fstack-protector"],
                                   ["-fstack-protector-strong"], ["-fstack-protector-all"],
                                   ["-fstack-protector-explicit"], ["-fcf-protection=branch"]],
                         ids=lambda f: " ".join(f) or "default")
def test_predefined_macros_match_gcc(flags: list[str], atomc_cmd, tmp_path: Path):
    src = tmp_path / "m.c"
    src.write_text("".join(f"{m} is {m}\n" for m in MACROS))

    def expand(cmd: list[str]) -> list[str]:
        out = subprocess.run([*cmd, *flags, "-E", str(src)], capture_output=True,
                             text=True, check=True).stdout
        return [ln for ln in out.splitlines() if ln.strip() and not ln.startswith("#")]

    assert expand(atomc_cmd) == expand(GCC)
