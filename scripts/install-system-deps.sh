#!/usr/bin/env bash
# Installs the system programs the arena and its test suite need: bubblewrap (the Bash sandbox),
# ripgrep (Grep), and for rebuilding the dataset's media (every domain's reproducibility test)
# espeak-ng (speech), sox (audio mixing and noise) and ffmpeg (video and audio encoding).
# Debian/Ubuntu with apt-get; root or sudo.
set -euo pipefail

need=()
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)
command -v rg >/dev/null 2>&1 || need+=(ripgrep)
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v sox >/dev/null 2>&1 || need+=(sox)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
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
