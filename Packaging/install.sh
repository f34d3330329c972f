#!/bin/bash
# Installs CoffeeGrid as a desktop app, or removes exactly what an install put there.
#
#   Packaging/install.sh install   BINARY PREFIX [DESTDIR]
#   Packaging/install.sh uninstall PREFIX [DESTDIR]
#
# Files go under DESTDIR/PREFIX; paths written into them (the desktop entry's Exec) use PREFIX alone,
# as packagers expect. Every file installed, and every folder the install had to create, is listed in
# PREFIX/share/coffeegrid/install-manifest.txt; uninstall removes those files, then those folders
# where they are empty, and nothing else.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
checkout="$(dirname "$here")"

die() { echo "install.sh: $*" >&2; exit 1; }

# The reverse-DNS app id names the desktop entry, the icons, the AppStream file and the window class;
# the desktop entry's file name is where it is written down.
app_id="$(basename "$here"/*.desktop.in .desktop.in)"

manifest_of() { echo "$1/share/coffeegrid/install-manifest.txt"; }

install_app() {
    local binary="$1" prefix="$2" destdir="${3:-}"
    [[ "$prefix" == /* ]] || die "PREFIX must be an absolute path, not '$prefix'"
    [ -x "$binary" ] || die "no executable at $binary (run make release first)"
    [ -d "$checkout/Resources" ] || die "no Resources folder in $checkout"
    local root="$destdir$prefix"
    local manifest; manifest="$(manifest_of "$root")"
    local files=() dirs=()
    # An earlier install's folders still count as ours.
    if [ -f "$manifest" ]; then
        while IFS=' ' read -r kind path; do [ "$kind" = dir ] && dirs+=("$path"); done < "$manifest"
    fi

    # mkdir -p that remembers each folder it creates (relative to the root, outermost first).
    make_dir() {
        local rel="$1" sofar=""
        local IFS=/
        for part in $rel; do
            [ -n "$part" ] || continue
            sofar="${sofar:+$sofar/}$part"
            if [ ! -d "$root/$sofar" ]; then
                mkdir "$root/$sofar"
                dirs+=("$sofar")
            fi
        done
    }
    put() {  # put MODE SOURCE RELATIVE-DESTINATION
        make_dir "$(dirname "$3")"
        install -m "$1" "$2" "$root/$3"
        files+=("$3")
    }

    mkdir -p "$root"
    put 755 "$binary" bin/coffeegrid
    # The hicolor icons go where desktops look for them (below), not a second time into Resources.
    while IFS= read -r -d '' f; do
        put 644 "$f" "share/coffeegrid/Resources/${f#"$checkout/Resources/"}"
    done < <(find "$checkout/Resources" -type f -not -path "$checkout/Resources/Icons/*" -print0 | sort -z)
    local desktop; desktop="$(mktemp)"
    sed "s|@BINDIR@|$prefix/bin|g" "$here/$app_id.desktop.in" > "$desktop"
    put 644 "$desktop" "share/applications/$app_id.desktop"
    rm -f "$desktop"
    for icon in "$checkout"/Resources/Icons/hicolor/*/apps/"$app_id".png; do
        local size; size="$(basename "$(dirname "$(dirname "$icon")")")"
        put 644 "$icon" "share/icons/hicolor/$size/apps/$app_id.png"
    done
    # What software centres read (AppStream) and what `man coffeegrid` shows.
    put 644 "$here/$app_id.metainfo.xml" "share/metainfo/$app_id.metainfo.xml"
    put 644 "$here/coffeegrid.1" share/man/man1/coffeegrid.1

    make_dir share/coffeegrid
    {
        printf 'file %s\n' "${files[@]}"
        printf 'file %s\n' "share/coffeegrid/install-manifest.txt"
        [ ${#dirs[@]} -eq 0 ] || printf 'dir %s\n' "${dirs[@]}"
    } | awk '!seen[$0]++' > "$manifest"
    echo "installed CoffeeGrid in $root (${#files[@]} files; manifest $manifest)"
}

uninstall_app() {
    local prefix="$1" destdir="${2:-}"
    local root="$destdir$prefix"
    local manifest; manifest="$(manifest_of "$root")"
    [ -f "$manifest" ] || die "nothing to uninstall: no $manifest"
    local dirs=() removed=0
    while IFS=' ' read -r kind path; do
        case "$path" in /*|*..*) die "refusing the manifest entry '$path'" ;; esac
        case "$kind" in
            file) [ "$path" = share/coffeegrid/install-manifest.txt ] || { rm -f "$root/$path"; removed=$((removed + 1)); } ;;
            dir) dirs+=("$path") ;;
        esac
    done < "$manifest"
    rm -f "$manifest"
    # Innermost first; a folder someone else put files in stays.
    local i
    for (( i=${#dirs[@]}-1; i>=0; i-- )); do
        rmdir "$root/${dirs[$i]}" 2>/dev/null || true
    done
    echo "removed CoffeeGrid from $root ($removed files)"
}

case "${1:-}" in
    install) [ $# -ge 3 ] || die "usage: install.sh install BINARY PREFIX [DESTDIR]"; install_app "$2" "$3" "${4:-}" ;;
    uninstall) [ $# -ge 2 ] || die "usage: install.sh uninstall PREFIX [DESTDIR]"; uninstall_app "$2" "${3:-}" ;;
    *) die "usage: install.sh install BINARY PREFIX [DESTDIR] | uninstall PREFIX [DESTDIR]" ;;
esac
