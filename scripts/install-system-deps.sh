#!/usr/bin/env bash
# Installs the system programs the arena needs: bubblewrap (the Bash sandbox), ripgrep (Grep),
# espeak-ng (rebuilding the dataset's speech audio). Debian/Ubuntu with apt-get; root or sudo.
set -euo pipefail

need=()
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
command -v rg >/dev/null 2>&1 || need+=(ripgrep)
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "missing system packages: ${need[*]} (install them with your package manager)" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "installing system packages: ${need[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
