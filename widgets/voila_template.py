"""Voilà serves the kit's pages with the kit's template, or stops at once saying how to get it.

``voila.json`` names the kit's page template (``tabletop``) and, as Voilà's kernel spec
manager, :class:`KitKernelSpecManager`. Voilà makes that object while it starts, after it
has looked for the template and before it listens, so it is where the kit checks the look-up.
Voilà 0.5 on its own starts without the template, and then every notebook page hangs on
``TemplateNotFound: index.html.j2`` (the error goes to the log, the page waits forever).
With the check:

- the template is installed (``pip install .``, or ``make setup``'s link): nothing changes;
- it is not, but this checkout's copy lies beside the package (``pip install -e .``, which
  leaves the wheel's data files out, or a checkout on ``PYTHONPATH``): Voilà uses that copy
  and says so in its log;
- neither: Voilà stops before it listens, with a message saying how to install the template.

Only the standalone ``voila`` command makes this object; as a Jupyter server extension
(Binder, JupyterHub) Voilà uses the installed template, which ``pip install .`` puts there.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import jinja2
from jupyter_client.kernelspec import KernelSpecManager

#: This checkout's Jupyter data (``share/jupyter``): present beside the package in a
#: checkout, absent beside an installed copy (whose template is installed instead).
CHECKOUT_SHARE = Path(__file__).resolve().parent.parent / "share" / "jupyter"
#: The page every Voilà template provides, the one whose absence hangs a page.
PAGE = "index.html.j2"


def template_problem(template: str, paths: Sequence[str]) -> str:
    """Why Voilà, looking in ``paths`` (its template paths), cannot render a notebook page
    with ``template``; "" when it can."""
    try:
        jinja2.FileSystemLoader(list(paths)).get_source(jinja2.Environment(), PAGE)
    except jinja2.TemplateNotFound:
        return (
            f"Voilà cannot find the kit's page template {template!r} "
            f"(share/jupyter/voila/templates/{template}), so no page could open. "
            "Install the kit with its template: `pip install .` in the kit's folder "
            "(or `make setup`), or point Jupyter at the kit's copy: "
            "`JUPYTER_PATH=<the kit's folder>/share/jupyter voila notebooks/`."
        )
    return ""


class KitKernelSpecManager(KernelSpecManager):
    """Jupyter's kernel spec manager, which first makes sure that the Voilà app starting it
    (its parent) can render the kit's pages (see the module's docstring)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        if hasattr(self.parent, "setup_template_dirs"):  # a Voilà app, not a Jupyter server
            use_kit_template(self.parent)


def use_kit_template(app) -> None:  # a voila.app.Voila (Voilà has no type hints)
    """Leave ``app``'s template paths alone if they render pages; else fall back on this
    checkout's copy of the template; else stop with a message (SystemExit)."""
    template = app.voila_configuration.template
    if not template or not template_problem(template, app.template_paths):
        return
    if (CHECKOUT_SHARE / "voila" / "templates" / template).is_dir():
        # Voilà looks on JUPYTER_PATH first, as `tools.voila_server.kit_env` arranges too.
        parts = (str(CHECKOUT_SHARE), os.environ.get("JUPYTER_PATH"))
        os.environ["JUPYTER_PATH"] = os.pathsep.join(part for part in parts if part)
        app.setup_template_dirs()
        app.log.warning(
            "The kit's template %r is not installed in this environment: using this "
            "checkout's copy (%s). `pip install .` or `make setup` installs it.",
            template, CHECKOUT_SHARE,
        )  # fmt: skip
    problem = template_problem(template, app.template_paths)
    if problem:
        raise SystemExit(problem)
