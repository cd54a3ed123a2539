/*
 * Opening the SHMDIR argument of lttng-crash without following another
 * user's symbolic links. Run by root on a tree a user controls,
 * lttng-crash would otherwise read (and extract, to where root asked)
 * whatever a link planted in the path points to. A symbolic link met
 * anywhere in the path is followed only when root or the caller owns
 * it, as the kernel's protected_symlinks does in sticky directories,
 * but everywhere; extract.c then walks the tree below through
 * descriptors, never following a link.
 */
#ifndef CRASH_INPUT_PATH_H
#define CRASH_INPUT_PATH_H

/*
 * Opens the directory at path (O_RDONLY | O_DIRECTORY): its descriptor,
 * or -errno (-EACCES for a link owned by another user, -ELOOP for too
 * many links, -ENOTDIR when path is not a directory).
 */
int crash_open_input_dir(const char *path);

#endif /* CRASH_INPUT_PATH_H */
