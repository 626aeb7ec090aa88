#!/usr/bin/env bash
# Installs the system packages the test suite needs when they are missing (Debian/Ubuntu, as
# root): Chromium and its headless shell for Playwright, poppler-utils (pdfsig, pdftoppm), qpdf,
# libnss3-tools (certutil: the sealing tests trust their test CA in pdfsig's NSS database),
# LibreOffice Writer (DOCX conversion) and Noto fonts (Latin, Devanagari, CJK). Safe to run
# again: it only acts when something is missing, and says so when it cannot install.
set -u

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v pdfsig >/dev/null 2>&1 || missing+=(poppler-utils)
command -v qpdf >/dev/null 2>&1 || missing+=(qpdf)
command -v certutil >/dev/null 2>&1 || missing+=(libnss3-tools)
command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-writer-nogui)
[ -d /usr/share/fonts/truetype/noto ] || missing+=(fonts-noto-core)
[ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)

if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi

echo "system packages missing: ${missing[*]}"
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "cannot install them here (needs root and apt-get); install them by hand" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
status=$?
if [ $status -ne 0 ]; then
  echo "apt-get install failed ($status)" >&2
  exit $status
fi
echo "system packages installed: ${missing[*]}"
