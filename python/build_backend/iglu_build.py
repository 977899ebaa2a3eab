"""The PEP 517 build backend of `pip install .` (pyproject.toml: ``requires = []``,
``backend-path``): the standard library only, so pip's build isolation needs nothing from PyPI.

It runs the project's own CMake build, configured with ``-DIGLU_PYTHON_ONLY=ON`` (the Python
package and the libraries it links: core, catalog, datasets; no Qt, VTK or Lua), builds the
``iglu_python`` target, installs the ``python`` component (``cmake --install --component python``,
the same files as a full install) into a staging folder and zips that into a wheel.

Where it builds: ``$IGLU_BUILD_DIR`` when set (an existing build tree, e.g. ``build/release``: its
compiled objects are reused, nothing is reconfigured), else ``<source>/build/pip`` (made on first
use, kept: the next ``pip install .`` rebuilds only what changed). ``$CMAKE_CXX_COMPILER_LAUNCHER``
(ccache) and ``$CMAKE_BUILD_PARALLEL_LEVEL`` are honoured, as CMake does.
"""
from __future__ import annotations

import base64
import hashlib
import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

SOURCE = pathlib.Path(__file__).resolve().parents[2]
NAME = "iglu"
SUMMARY = "IGLU Workbench: the reference-exact IGLU gridworld environment (drop-in for gridworld), vector envs, catalog"


def _version() -> str:
    text = (SOURCE / "CMakeLists.txt").read_text(encoding="utf-8")
    m = re.search(r"project\(\s*\S+\s+VERSION\s+([0-9.]+)", text)
    if not m:
        raise RuntimeError(f"{SOURCE / 'CMakeLists.txt'}: no project(... VERSION x.y.z)")
    return m.group(1)


def _tag() -> str:
    impl = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    platform = re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())
    return f"{impl}-{impl}-{platform}"


def _environment() -> dict:
    """The build's environment without pip's isolation settings: CMake's FindPython must import
    the interpreter's numpy (a Debian package in the system site-packages)."""
    env = dict(os.environ)
    for key in ("PYTHONPATH", "PYTHONNOUSERSITE", "PYTHONHOME", "PYTHONNOUSERSITE", "PYTHONSAFEPATH"):
        env.pop(key, None)
    return env


def _base_python() -> str:
    # A venv's interpreter is a link to the base one; FindPython with the base one sees its
    # site-packages (numpy), and the extension's ABI is the same.
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


def _run(args, env) -> None:
    print("iglu build:", " ".join(map(str, args)), file=sys.stderr, flush=True)
    subprocess.run([str(a) for a in args], check=True, env=env)


def _build(stage: pathlib.Path) -> pathlib.Path:
    """Builds and installs the python component into `stage`; returns the folder holding iglu/."""
    env = _environment()
    build = pathlib.Path(os.environ.get("IGLU_BUILD_DIR") or SOURCE / "build" / "pip")
    if not (build / "CMakeCache.txt").is_file():
        args = ["cmake", "-S", SOURCE, "-B", build, "-DIGLU_PYTHON_ONLY=ON", "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG", "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG",
                f"-DPython3_EXECUTABLE={_base_python()}"]
        if shutil.which("ninja"):
            args += ["-G", "Ninja"]
        _run(args, env)
    _run(["cmake", "--build", build, "--target", "iglu_python"], env)
    _run(["cmake", "--install", build, "--component", "python", "--prefix", stage], env)
    found = sorted(p.parent.parent for p in stage.rglob(f"{NAME}/__init__.py"))
    if len(found) != 1:
        raise RuntimeError(f"cmake --install put {len(found)} {NAME} packages under {stage}")
    if not list((found[0] / NAME).glob("_iglu*.so")):
        raise RuntimeError(f"cmake --install put no extension module (_iglu*.so) in {found[0] / NAME}")
    return found[0]


def _metadata() -> str:
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\nSummary: {SUMMARY}\n"
            "Requires-Python: >=3.9\nRequires-Dist: numpy\n")


def _write_dist_info(directory: pathlib.Path) -> str:
    info = directory / f"{NAME}-{_version()}.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata(), encoding="utf-8")
    (info / "WHEEL").write_text(f"Wheel-Version: 1.0\nGenerator: iglu_build\nRoot-Is-Purelib: false\nTag: {_tag()}\n",
                                encoding="utf-8")
    return info.name


# -- PEP 517 hooks ---------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_dist_info(pathlib.Path(metadata_directory))


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    with tempfile.TemporaryDirectory(prefix="iglu-wheel-") as tmp:
        tmp = pathlib.Path(tmp)
        site = _build(tmp / "stage")
        info = _write_dist_info(tmp / "meta")
        name = f"{NAME}-{_version()}-{_tag()}.whl"
        records = []
        with zipfile.ZipFile(pathlib.Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as whl:
            def add(arcname: str, data: bytes) -> None:
                whl.writestr(arcname, data)
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                records.append(f"{arcname},sha256={digest},{len(data)}")
            for path in sorted((site / NAME).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts:
                    add(path.relative_to(site).as_posix(), path.read_bytes())
            for path in sorted((tmp / "meta" / info).iterdir()):
                add(f"{info}/{path.name}", path.read_bytes())
            records.append(f"{info}/RECORD,,")
            whl.writestr(f"{info}/RECORD", "\n".join(records) + "\n")
    return name
