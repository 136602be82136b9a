//! Strips a static archive of what a linked Silk executable never uses: the
//! DWARF sections (`.debug_*`) and the LLVM bitcode Rust's standard library
//! ships in its objects (`.llvmbc`, `.llvmcmd`), with their relocations.
//! Symbols stay, so debuggers and profilers still name runtime functions.
//!
//! The build script (`build.rs`) runs this over the freshly built
//! `libsilk_rt.a`; it is a module of the library too, so its tests run
//! with the crate's. Formats: the GNU/System V `ar` layout (the `/` and
//! `/SYM64/` symbol index, the `//` long-name table), and ELF-64
//! little-endian relocatable objects (System V gABI, "Sections"); any other
//! member is kept byte for byte.

const MAGIC: &[u8] = b"!<arch>\n";
const HEADER: usize = 60;

// ELF constants (gABI).
const EHDR: usize = 64;
const SHDR: usize = 64;
const ET_REL: u16 = 1;
const SHT_NOBITS: u32 = 8;
const SHT_RELA: u32 = 4;
const SHT_REL: u32 = 9;
const SHN_XINDEX: u16 = 0xffff;

/// FNV-1a (64-bit) of `bytes`: the build script names the cached archive
/// by it ([`crate::RUNTIME_ARCHIVE_NAME`]), enough to tell its versions apart.
#[allow(dead_code)] // the library only checks it in its tests
pub fn content_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `archive` without debug information and bitcode, or why it cannot be read.
pub fn strip_debug(archive: &[u8]) -> Result<Vec<u8>, String> {
    if !archive.starts_with(MAGIC) {
        return Err("not an `ar` archive (no `!<arch>` magic)".into());
    }
    // Members as (old header offset, header, new data).
    let mut members: Vec<(usize, [u8; HEADER], Vec<u8>)> = Vec::new();
    let mut at = MAGIC.len();
    while at < archive.len() {
        let header: [u8; HEADER] = archive
            .get(at..at + HEADER)
            .and_then(|h| h.try_into().ok())
            .ok_or_else(|| format!("truncated member header at offset {at}"))?;
        if &header[58..60] != b"`\n" {
            return Err(format!("bad member header at offset {at}"));
        }
        let size = std::str::from_utf8(&header[48..58])
            .ok()
            .and_then(|s| s.trim().parse::<usize>().ok())
            .ok_or_else(|| format!("bad member size at offset {at}"))?;
        let start = at + HEADER;
        let data = archive
            .get(start..start.checked_add(size).ok_or("member size overflows")?)
            .ok_or_else(|| format!("member at offset {at} runs past the end"))?;
        let stripped = if is_relocatable(data) {
            strip_object(data).map_err(|e| format!("member at offset {at}: {e}"))?
        } else {
            data.to_vec()
        };
        members.push((at, header, stripped));
        at = start + size + size % 2;
    }

    // New header offsets, in order.
    let mut offsets = std::collections::HashMap::new();
    let mut pos = MAGIC.len();
    for (old, _, data) in &members {
        offsets.insert(*old, pos);
        pos += HEADER + data.len() + data.len() % 2;
    }

    let mut out = Vec::with_capacity(pos);
    out.extend_from_slice(MAGIC);
    for (_, mut header, mut data) in members {
        let name = &header[..16];
        let width = if name.starts_with(b"/SYM64/ ") {
            Some(8)
        } else if name.starts_with(b"/ ") {
            Some(4)
        } else {
            None
        };
        if let Some(w) = width {
            relocate_index(&mut data, w, &offsets)?;
        }
        let size = format!("{:<10}", data.len());
        header[48..58].copy_from_slice(size.as_bytes());
        out.extend_from_slice(&header);
        out.extend_from_slice(&data);
        if data.len() % 2 == 1 {
            out.push(b'\n');
        }
    }
    Ok(out)
}

/// Rewrites the member offsets of a symbol index (`count`, then `count`
/// big-endian offsets of `width` bytes, then the names).
fn relocate_index(
    data: &mut [u8],
    width: usize,
    offsets: &std::collections::HashMap<usize, usize>,
) -> Result<(), String> {
    let read = |d: &[u8], at: usize| -> Option<u64> {
        let b = d.get(at..at + width)?;
        Some(b.iter().fold(0u64, |v, &x| (v << 8) | u64::from(x)))
    };
    let count = read(data, 0).ok_or("truncated symbol index")? as usize;
    if count > data.len() / width {
        return Err(format!("symbol index claims {count} symbols"));
    }
    for i in 0..count {
        let at = width * (1 + i);
        let old = read(data, at).ok_or("truncated symbol index")? as usize;
        let new = *offsets
            .get(&old)
            .ok_or_else(|| format!("symbol index points at offset {old}, not a member"))?;
        let bytes = (new as u64).to_be_bytes();
        data[at..at + width].copy_from_slice(&bytes[8 - width..]);
    }
    Ok(())
}

fn is_relocatable(data: &[u8]) -> bool {
    data.len() >= EHDR
        && data.starts_with(b"\x7fELF\x02\x01")
        && u16::from_le_bytes([data[16], data[17]]) == ET_REL
}

fn u16_at(d: &[u8], at: usize) -> Result<u16, String> {
    d.get(at..at + 2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .ok_or_else(|| format!("truncated at {at}"))
}

fn u32_at(d: &[u8], at: usize) -> Result<u32, String> {
    d.get(at..at + 4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap_or_default()))
        .ok_or_else(|| format!("truncated at {at}"))
}

fn u64_at(d: &[u8], at: usize) -> Result<u64, String> {
    d.get(at..at + 8)
        .map(|b| u64::from_le_bytes(b.try_into().unwrap_or_default()))
        .ok_or_else(|| format!("truncated at {at}"))
}

/// One relocatable object with the dropped sections emptied (their headers
/// stay, so no section index changes) and the rest laid out afresh.
fn strip_object(obj: &[u8]) -> Result<Vec<u8>, String> {
    let shoff = u64_at(obj, 40)? as usize;
    if u16_at(obj, 58)? as usize != SHDR {
        return Err("unexpected section header size".into());
    }
    let mut shnum = u16_at(obj, 60)? as usize;
    let mut shstrndx = u16_at(obj, 62)? as usize;
    let table = |n: usize| -> Result<&[u8], String> {
        n.checked_mul(SHDR)
            .and_then(|len| shoff.checked_add(len))
            .and_then(|end| obj.get(shoff..end))
            .ok_or_else(|| "section headers run past the end".to_string())
    };
    // Extended numbering: section 0 holds the real count and string index.
    if shnum == 0 || shstrndx == usize::from(SHN_XINDEX) {
        let zero = table(1)?;
        if shnum == 0 {
            shnum = u64_at(zero, 32)? as usize;
        }
        if shstrndx == usize::from(SHN_XINDEX) {
            shstrndx = u32_at(zero, 40)? as usize;
        }
    }
    if shnum > obj.len() / SHDR || shstrndx >= shnum.max(1) {
        return Err(format!("{shnum} sections, string table {shstrndx}"));
    }
    let mut headers = table(shnum)?.to_vec();
    let field = |h: &[u8], i: usize, at: usize| u64_at(h, i * SHDR + at);
    let names_at = field(&headers, shstrndx, 24)? as usize;
    let names_len = field(&headers, shstrndx, 32)? as usize;
    let names = obj
        .get(names_at..names_at.saturating_add(names_len))
        .ok_or("section names run past the end")?;
    let name_of = |i: usize| -> Result<&[u8], String> {
        let at = u32_at(&headers, i * SHDR)? as usize;
        let rest = names.get(at..).ok_or("section name out of range")?;
        Ok(&rest[..rest.iter().position(|&b| b == 0).unwrap_or(rest.len())])
    };
    let mut dropped = vec![false; shnum];
    for (i, d) in dropped.iter_mut().enumerate().skip(1) {
        let n = name_of(i)?;
        *d = n.starts_with(b".debug_") || n == b".llvmbc" || n == b".llvmcmd";
    }
    for i in 1..shnum {
        let kind = u32_at(&headers, i * SHDR + 4)?;
        let target = u32_at(&headers, i * SHDR + 44)? as usize;
        if (kind == SHT_RELA || kind == SHT_REL) && dropped.get(target) == Some(&true) {
            dropped[i] = true;
        }
    }

    let mut out = obj[..EHDR].to_vec();
    for (i, &gone) in dropped.iter().enumerate().skip(1) {
        let h = i * SHDR;
        let kind = u32_at(&headers, h + 4)?;
        if gone {
            headers[h + 24..h + 40].fill(0); // sh_offset, sh_size
            continue;
        }
        if kind == SHT_NOBITS {
            continue;
        }
        let offset = field(&headers, i, 24)? as usize;
        let size = field(&headers, i, 32)? as usize;
        let align = (field(&headers, i, 48)? as usize).clamp(1, 4096);
        let data = obj
            .get(offset..offset.checked_add(size).ok_or("section size overflows")?)
            .ok_or_else(|| format!("section {i} runs past the end"))?;
        out.resize(out.len().next_multiple_of(align), 0);
        headers[h + 24..h + 32].copy_from_slice(&(out.len() as u64).to_le_bytes());
        out.extend_from_slice(data);
    }
    out.resize(out.len().next_multiple_of(8), 0);
    let new_shoff = out.len() as u64;
    out[40..48].copy_from_slice(&new_shoff.to_le_bytes());
    out.extend_from_slice(&headers);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A relocatable object with `.text`, `.debug_info` and its
    /// `.rela.debug_info`, and the section name table.
    fn object() -> Vec<u8> {
        let names = b"\0.text\0.debug_info\0.rela.debug_info\0.shstrtab\0";
        let text = [0xc3u8; 3];
        let debug = [0xaau8; 40];
        let rela = [0x55u8; 24];
        let mut o = vec![0u8; EHDR];
        o[..6].copy_from_slice(b"\x7fELF\x02\x01");
        o[16..18].copy_from_slice(&ET_REL.to_le_bytes());
        o[58..60].copy_from_slice(&(SHDR as u16).to_le_bytes());
        o[60..62].copy_from_slice(&5u16.to_le_bytes());
        o[62..64].copy_from_slice(&4u16.to_le_bytes());
        let place = |o: &mut Vec<u8>, d: &[u8]| {
            let at = o.len();
            o.extend_from_slice(d);
            at
        };
        let t = place(&mut o, &text);
        let d = place(&mut o, &debug);
        let r = place(&mut o, &rela);
        let n = place(&mut o, names);
        o.resize(o.len().next_multiple_of(8), 0);
        let shoff = o.len() as u64;
        o[40..48].copy_from_slice(&shoff.to_le_bytes());
        o.extend_from_slice(&[0u8; SHDR]);
        let mut sh = |name: u32, kind: u32, off: usize, size: usize, info: u32| {
            let mut h = [0u8; SHDR];
            h[0..4].copy_from_slice(&name.to_le_bytes());
            h[4..8].copy_from_slice(&kind.to_le_bytes());
            h[24..32].copy_from_slice(&(off as u64).to_le_bytes());
            h[32..40].copy_from_slice(&(size as u64).to_le_bytes());
            h[44..48].copy_from_slice(&info.to_le_bytes());
            h[48..56].copy_from_slice(&1u64.to_le_bytes());
            o.extend_from_slice(&h);
        };
        sh(1, 1, t, text.len(), 0);
        sh(7, 1, d, debug.len(), 0);
        sh(19, SHT_RELA, r, rela.len(), 2);
        sh(36, 3, n, names.len(), 0);
        o
    }

    fn member(name: &str, data: &[u8]) -> Vec<u8> {
        let mut m = format!(
            "{name:<16}{:<12}{:<6}{:<6}{:<8}{:<10}`\n",
            0,
            0,
            0,
            644,
            data.len()
        )
        .into_bytes();
        m.extend_from_slice(data);
        if data.len() % 2 == 1 {
            m.push(b'\n');
        }
        m
    }

    #[test]
    fn debug_sections_and_their_relocations_go_and_the_index_follows() {
        let obj = object();
        let other = b"not an object".to_vec();
        // Index: two symbols, in the object and in the other member.
        let index_len = 4 + 8 + 4;
        let first = MAGIC.len() + HEADER + index_len;
        let second = first + HEADER + obj.len() + obj.len() % 2;
        let mut index = 2u32.to_be_bytes().to_vec();
        index.extend_from_slice(&(first as u32).to_be_bytes());
        index.extend_from_slice(&(second as u32).to_be_bytes());
        index.extend_from_slice(b"f\0g\0");
        let mut ar = MAGIC.to_vec();
        ar.extend(member("/", &index));
        ar.extend(member("a.o/", &obj));
        ar.extend(member("b.txt/", &other));

        let out = strip_debug(&ar).unwrap();
        assert!(out.len() < ar.len());
        let stripped = strip_object(&obj).unwrap();
        // The 40 debug bytes and 24 relocation bytes are gone.
        assert_eq!(stripped.len(), obj.len() - 40 - 24);
        // The text survives at its new offset; the debug bytes are gone.
        assert!(stripped.windows(3).any(|w| w == [0xc3; 3]));
        assert!(!stripped.windows(8).any(|w| w == [0xaa; 8]));
        assert!(!stripped.windows(8).any(|w| w == [0x55; 8]));
        // The index now points at the moved second member's header.
        let new_second = MAGIC.len() + HEADER + index_len + HEADER + stripped.len();
        let at = MAGIC.len() + HEADER + 8;
        let got = u32::from_be_bytes(out[at..at + 4].try_into().unwrap()) as usize;
        assert_eq!(got, new_second);
        assert_eq!(&out[got..got + 6], b"b.txt/");
        assert!(out.ends_with(b"not an object\n"));
        // Stripping again changes nothing.
        assert_eq!(strip_debug(&out).unwrap(), out);
    }

    #[test]
    fn malformed_archives_are_errors() {
        assert!(strip_debug(b"junk").unwrap_err().contains("magic"));
        let mut ar = MAGIC.to_vec();
        ar.extend(member("a.o/", &object()));
        ar.truncate(ar.len() - 10);
        assert!(strip_debug(&ar).unwrap_err().contains("past the end"));
        let mut bad = object();
        bad[40..48].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(strip_object(&bad).is_err());
    }
}
