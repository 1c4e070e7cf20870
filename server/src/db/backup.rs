//! Where `GET /api/backup` stages its copy: a temporary file beside the database, named
//! `<db file>.backup-<random>.tmp`. Beside the database because that disk is known to hold a
//! database's worth of bytes, and `/tmp` may be RAM. A copy left by a server that died mid-download
//! is removed at the next start.

use std::path::{Path, PathBuf};

/// The marker between the database's file name and the random part.
const MARK: &str = ".backup-";

/// A fresh, unused path for a staged backup of the database at `db` (the system temporary
/// directory for an in-memory database).
pub fn temp_path(db: Option<&Path>) -> std::io::Result<PathBuf> {
    let mut random = [0u8; 8];
    getrandom::getrandom(&mut random).map_err(|e| std::io::Error::other(e.to_string()))?;
    let hex: String = random.iter().map(|b| format!("{b:02x}")).collect();
    Ok(match db.and_then(|p| Some((p.parent()?, p.file_name()?))) {
        Some((dir, name)) => dir.join(format!("{}{MARK}{hex}.tmp", name.to_string_lossy())),
        None => std::env::temp_dir().join(format!("brickrealm{MARK}{hex}.tmp")),
    })
}

/// Deletes staged backups of the database at `db` that a previous run left behind. Best effort:
/// a file that cannot be listed or removed is left alone.
pub fn remove_stale(db: &Path) {
    let (Some(name), dir) = (db.file_name(), db.parent()) else {
        return;
    };
    let dir = dir
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let prefix = format!("{}{MARK}", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        if file.starts_with(&prefix) && file.ends_with(".tmp") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staged_copy_sits_beside_its_database_and_stale_ones_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("realm.db");
        let a = temp_path(Some(&db)).unwrap();
        let b = temp_path(Some(&db)).unwrap();
        assert_ne!(a, b);
        assert_eq!(a.parent(), Some(dir.path()));
        std::fs::write(&a, b"stale").unwrap();
        std::fs::write(dir.path().join("other.db.backup-00.tmp"), b"not ours").unwrap();
        std::fs::write(&db, b"keep").unwrap();
        remove_stale(&db);
        assert!(!a.exists());
        assert!(db.exists());
        assert!(dir.path().join("other.db.backup-00.tmp").exists());
    }
}
