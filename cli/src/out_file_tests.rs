//! The tests of out_file.rs: real files, links, FIFOs and devices in a scratch folder.

use super::*;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morpion-out-file-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> =
        fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

#[test]
fn a_regular_file_is_replaced_and_nothing_else_is_left_or_removed() {
    let dir = scratch("regular");
    let file = dir.join("best.json");
    // the user's own best.json.part and a file that looks like our temporaries stay
    fs::write(dir.join("best.json.part"), "mine").unwrap();
    fs::write(dir.join(format!(".best.json.{}-0.tmp", std::process::id())), "also mine").unwrap();
    let target = resolve(&file).unwrap();
    assert_eq!(target, Target::Regular(file.clone()));
    target.write("one", &file).unwrap();
    target.write("two", &file).unwrap();
    assert_eq!(fs::read_to_string(&file).unwrap(), "two");
    assert_eq!(fs::read_to_string(dir.join("best.json.part")).unwrap(), "mine");
    assert_eq!(names(&dir).len(), 3, "{:?}", names(&dir));
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_file_with_other_names_is_written_in_place_and_they_all_hold_the_text() {
    let dir = scratch("hard-links");
    let (file, other) = (dir.join("best.json"), dir.join("copy.json"));
    fs::write(&file, "old").unwrap();
    fs::hard_link(&file, &other).unwrap();
    let target = resolve(&file).unwrap();
    target.write("new", &file).unwrap();
    assert_eq!(fs::read_to_string(&file).unwrap(), "new");
    assert_eq!(fs::read_to_string(&other).unwrap(), "new");
    // still one file with two names, and no temporary left
    use std::os::unix::fs::MetadataExt;
    assert_eq!(fs::metadata(&file).unwrap().nlink(), 2);
    assert_eq!(names(&dir), ["best.json", "copy.json"]);
    // a failure to write in place says where the text is, and keeps it there
    let tmp = dir.join(".kept.tmp");
    fs::write(&tmp, "newest").unwrap();
    let gone = dir.join("no/such/best.json");
    let e = write_linked(&gone, &tmp, b"newest", &gone).unwrap_err();
    assert!(matches!(e, SaveError::Linked { touched: false, .. }), "{e}");
    assert!(e.to_string().contains("it is as it was, and the new text is kept in"), "{e}");
    assert!(!e.to_string().contains("os error"), "{e}");
    assert_eq!(fs::read_to_string(&tmp).unwrap(), "newest");
    // a failure once the file is open says it may hold part of the text
    if Path::new("/dev/full").exists() {
        let full = Path::new("/dev/full");
        let e = write_linked(full, &tmp, b"newest", full).unwrap_err();
        assert!(matches!(e, SaveError::Linked { touched: true, .. }), "{e}");
        assert!(e.to_string().contains("it may now hold part of it, or nothing"), "{e}");
        assert_eq!(fs::read_to_string(&tmp).unwrap(), "newest");
    }
    fs::remove_file(&tmp).unwrap();
    // a file with one name is still replaced by a rename (a new inode)
    fs::remove_file(&other).unwrap();
    let inode = fs::metadata(&file).unwrap().ino();
    target.write("newer", &file).unwrap();
    assert_eq!(fs::read_to_string(&file).unwrap(), "newer");
    assert_ne!(fs::metadata(&file).unwrap().ino(), inode);
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn permissions_are_kept_and_a_read_only_file_is_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("mode");
    let file = dir.join("best.json");
    fs::write(&file, "old").unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
    resolve(&file).unwrap().write("new", &file).unwrap();
    assert_eq!(fs::metadata(&file).unwrap().permissions().mode() & 0o777, 0o640);
    fs::set_permissions(&file, fs::Permissions::from_mode(0o444)).unwrap();
    assert!(matches!(resolve(&file), Err(SaveError::ReadOnly(_))));
    assert_eq!(fs::read_to_string(&file).unwrap(), "new");
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_link_stays_a_link_and_its_file_is_replaced() {
    let dir = scratch("link");
    fs::create_dir(dir.join("real")).unwrap();
    let real = dir.join("real/best.json");
    fs::write(&real, "old").unwrap();
    let link = dir.join("best.json");
    std::os::unix::fs::symlink("real/best.json", &link).unwrap();
    let target = resolve(&link).unwrap();
    assert_eq!(target, Target::Regular(dir.join("real/best.json")));
    target.write("new", &link).unwrap();
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    assert_eq!(fs::read_to_string(&real).unwrap(), "new");
    // a dangling link gets its file
    let dangling = dir.join("later.json");
    std::os::unix::fs::symlink("real/later.json", &dangling).unwrap();
    resolve(&dangling).unwrap().write("made", &dangling).unwrap();
    assert!(fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
    assert_eq!(fs::read_to_string(dir.join("real/later.json")).unwrap(), "made");
    // a loop is refused
    std::os::unix::fs::symlink("loop.json", dir.join("loop.json")).unwrap();
    assert!(matches!(resolve(&dir.join("loop.json")), Err(SaveError::TooManyLinks(_))));
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn devices_and_descriptors_are_written_in_place_folders_refused() {
    for dev in ["/dev/null", "/dev/stdout", "/dev/fd/2"] {
        let p = Path::new(dev);
        if fs::symlink_metadata(p).is_ok() {
            assert_eq!(resolve(p).unwrap(), Target::InPlace(p.to_path_buf()), "{dev}");
        }
    }
    use std::os::unix::fs::FileTypeExt;
    resolve(Path::new("/dev/null")).unwrap().write("gone", Path::new("/dev/null")).unwrap();
    assert!(fs::metadata("/dev/null").unwrap().file_type().is_char_device());
    let full = Path::new("/dev/full");
    if full.exists() {
        let e = resolve(full).unwrap().write("x", full).unwrap_err();
        assert!(e.to_string().starts_with("/dev/full: writing:"), "{e}");
        assert!(fs::metadata(full).unwrap().file_type().is_char_device(), "/dev/full is still a device");
    }
    assert!(matches!(resolve(&std::env::temp_dir()), Err(SaveError::Folder(_))));
}

#[test]
fn a_new_file_in_a_missing_folder_is_refused_at_once() {
    let dir = scratch("nofolder");
    let file = dir.join("nope").join("best.json");
    let e = resolve(&file).unwrap_err();
    assert!(matches!(&e, SaveError::NoFolder { folder, .. } if *folder == dir.join("nope")), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!("{}: there is no folder {} to write it in", file.display(), dir.join("nope").display())
    );
    // a plain name goes in the current folder, which is there
    assert_eq!(resolve(Path::new("best-new.json")).unwrap(), Target::Regular(PathBuf::from("best-new.json")));
    // under a file, not a folder
    fs::write(dir.join("plain"), "x").unwrap();
    assert!(matches!(resolve(&dir.join("plain").join("best.json")), Err(SaveError::NoFolder { .. })));
    // a name ending with a slash names a folder: a file's, a missing one's, a folder's
    let slashed = |p: &Path| PathBuf::from(format!("{}/", p.display()));
    let e = resolve(&slashed(&dir.join("plain"))).unwrap_err();
    assert!(matches!(e, SaveError::FolderName(_)), "{e:?}");
    assert!(
        e.to_string().ends_with("plain/ ends with a slash, so it names a folder: give a file name"),
        "{e}"
    );
    assert!(matches!(resolve(&slashed(&dir.join("nope"))), Err(SaveError::FolderName(_))));
    assert!(matches!(resolve(&slashed(&dir)), Err(SaveError::Folder(_))));
    assert_eq!(fs::read_to_string(dir.join("plain")).unwrap(), "x");
    fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_in_place() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    let target = resolve(&fifo).unwrap();
    assert_eq!(target, Target::InPlace(fifo.clone()));
    target.write("through the pipe", &fifo).unwrap();
    assert_eq!(reader.join().unwrap(), "through the pipe");
    // more than a pipe holds (64 KiB): written in turns as the reader takes it
    let long = "x".repeat(300_000);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    target.write_unless(long.as_bytes(), &fifo, &|| false).unwrap();
    assert_eq!(reader.join().unwrap().len(), long.len());
    // no reader, or one that stops reading: a stop gives up, nothing blocks
    let asked = |after: std::time::Duration| {
        let t = std::time::Instant::now();
        move || t.elapsed() >= after
    };
    let e = target.write_unless(b"x", &fifo, &asked(std::time::Duration::ZERO)).unwrap_err();
    assert!(matches!(e, SaveError::NoReader(_)), "{e}");
    let idle = {
        use std::os::unix::fs::OpenOptionsExt;
        OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(&fifo).unwrap()
    };
    let e = target
        .write_unless(long.as_bytes(), &fifo, &asked(std::time::Duration::from_millis(200)))
        .unwrap_err();
    assert!(matches!(e, SaveError::NoReader(_)), "{e}");
    drop(idle);
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "still a FIFO");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_failed_write_leaves_the_target_and_no_temporary() {
    let dir = scratch("fail");
    // the target's folder is gone: creating the temporary fails, the error names the file
    let gone = dir.join("no/such/folder/best.json");
    let e = Target::Regular(gone.clone()).write("new", &gone).unwrap_err();
    assert!(e.to_string().starts_with(&format!("{}: creating a temporary file", gone.display())), "{e}");
    // the temporary is written but cannot replace the target (a non-empty folder by
    // then): the target is as it was, and the temporary this program made is removed
    let target = dir.join("best.json");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("inside"), "kept").unwrap();
    let e = Target::Regular(target.clone()).write("new", &target).unwrap_err();
    assert!(e.to_string().starts_with(&format!("{}: writing it", target.display())), "{e}");
    assert_eq!(names(&dir), vec!["best.json"], "no temporary left");
    assert_eq!(fs::read_to_string(target.join("inside")).unwrap(), "kept");
    fs::remove_dir_all(dir).unwrap();
}
