"""Maintainers' tools, run from the repository root as modules: ``python -m tools.<name>``.

:mod:`tools.voila_server` starts the one Voilà server that the browser tests, the browser
benchmark and :mod:`tools.binder_check` share.
"""
