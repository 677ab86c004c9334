#!/bin/sh
# Make sure poppler-utils' pdftotext is on PATH for the print test (tests/browser/
# test_browser_print.py reads back the PDFs Chromium prints). Installs it with apt-get when
# missing and we are root; otherwise says what to do. Never fails the build by itself: the
# print test reports a missing pdftotext.
if command -v pdftotext >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's poppler-utils for the print test (apt-get)..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null) \
        || echo "warning: could not install poppler-utils; the print test will fail" >&2
else
    echo "warning: pdftotext not found; install it (apt-get install poppler-utils) for the print test" >&2
fi
exit 0
