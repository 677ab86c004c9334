"""End-to-end tests in headless Chromium (a package, so its conftest.py has a name of its own:
``browser.conftest``, not the ``conftest`` of tests/)."""
