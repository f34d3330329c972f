#!/bin/bash
# Builds the Debian package from a release binary: Packaging/deb.sh BINARY OUTDIR
#
# The tree is what `make install PREFIX=/usr` puts in place (install.sh, without its manifest: dpkg
# keeps its own list), plus /usr/share/doc/coffeegrid/{copyright,changelog.gz}. Depends: comes from
# dpkg-shlibdeps reading the binary's ELF NEEDED entries, so it names exactly the SDL runtime
# packages the binary links. Prints the path of the .deb it wrote.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
die() { echo "deb.sh: $*" >&2; exit 1; }

binary="${1:-}"; out="${2:-}"
[ -x "$binary" ] && [ -n "$out" ] || die "usage: deb.sh BINARY OUTDIR"
for tool in dpkg-deb dpkg-shlibdeps strip gzip; do
    command -v "$tool" >/dev/null || die "$tool is missing (make package-deps installs dpkg-dev and binutils)"
done

version="$("$binary" --version | awk '{print $2}')"
[ -n "$version" ] || die "cannot read the version from $binary --version"
arch="$(dpkg --print-architecture)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"

"$here/install.sh" install "$binary" /usr "$root" >/dev/null
rm -f "$root/usr/share/coffeegrid/install-manifest.txt"

# Debian ships these fonts, the same files byte for byte: link to them and depend on their packages
# rather than carry second copies (lintian: duplicate-font-file). A font that differs from the one
# installed here stops the build.
fonts="$root/usr/share/coffeegrid/Resources/Fonts"
link_font() {  # link_font FILE FOLDER-UNDER-/usr/share/fonts
    local name; name="$(basename "$1")"
    if [ -f "/usr/share/fonts/$2/$name" ] && ! cmp -s "$1" "/usr/share/fonts/$2/$name"; then
        die "$name differs from Debian's /usr/share/fonts/$2/$name"
    fi
    rm "$1"
    # Relative, as Debian wants links within /usr: Resources/Fonts is three levels below /usr/share.
    ln -s "../../../fonts/$2/$name" "$1"
}
for f in "$fonts"/Inter-*.otf; do link_font "$f" opentype/inter; done
for f in "$fonts"/Quicksand-*.ttf; do link_font "$f" truetype/quicksand; done
for f in "$fonts"/DejaVuSansMono*.ttf; do link_font "$f" truetype/dejavu; done
rm -f "$fonts"/LICENSE-*.txt
font_depends="fonts-inter, fonts-quicksand, fonts-dejavu-core, fonts-wqy-microhei, fonts-symbola"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/coffeegrid"
gzip -9n "$root/usr/share/man/man1/coffeegrid.1"

doc="$root/usr/share/doc/coffeegrid"
mkdir -p "$doc"
install -m 644 "$here/debian/copyright" "$doc/copyright"
sed "s/@VERSION@/$version/" "$here/debian/changelog" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

# dpkg-shlibdeps wants a source-package layout to stand in; it reads only the binary here.
mkdir -p "$work/src/debian"
printf 'Source: coffeegrid\n\nPackage: coffeegrid\nArchitecture: any\n' > "$work/src/debian/control"
depends="$(cd "$work/src" && dpkg-shlibdeps -O "$root/usr/bin/coffeegrid" 2>"$work/shlibdeps.err" | sed -n 's/^shlibs:Depends=//p')" \
    || die "dpkg-shlibdeps failed: $(cat "$work/shlibdeps.err")"
[ -n "$depends" ] || die "dpkg-shlibdeps found no dependencies"
depends="$depends, $font_depends"

mkdir -p "$root/DEBIAN"
size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    "$here/debian/control" > "$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
# xz is Debian's default; the tests ask for a quicker one (DEB_COMPRESS="-Zgzip -z1").
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$out"
deb="$out/coffeegrid_${version}_${arch}.deb"
# shellcheck disable=SC2086
dpkg-deb --root-owner-group ${DEB_COMPRESS:--Zxz} --build "$root" "$deb" >/dev/null
echo "$deb"
