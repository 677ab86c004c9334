#!/bin/sh
# Make sure Debian's chromium is on PATH for the end-to-end tests (Playwright cannot download
# its own browser here). Installs it with apt-get when missing and we are root; otherwise says
# what to do. Never fails the build by itself: the browser tests report a missing browser.
if command -v chromium >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the browser tests (apt-get)..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
        || echo "warning: could not install chromium; browser tests will fail" >&2
else
    echo "warning: chromium not found; install it (apt-get install chromium) for the browser tests" >&2
fi
exit 0
