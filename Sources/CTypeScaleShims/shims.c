// SPDX-License-Identifier: Apache-2.0

#include "CTypeScaleShims.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include FT_SYSTEM_H

int CTypeScaleShims_hasMultipleMasters(FT_Face face) { return FT_HAS_MULTIPLE_MASTERS(face) ? 1 : 0; }

int CTypeScaleShims_isSFNT(FT_Face face) { return FT_IS_SFNT(face) ? 1 : 0; }

int CTypeScaleShims_isScalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

// FT_Stream_IoFunc: with count == 0 it is a seek, which succeeds (returns 0) when the offset is
// inside the file; otherwise it reads and returns the number of bytes read (0 on error).
static unsigned long ctypescaleshims_read(
    FT_Stream stream, unsigned long offset, unsigned char *buffer, unsigned long count) {
  if (count == 0) {
    return offset <= stream->size ? 0 : 1;
  }
  int fd = (int)stream->descriptor.value;
  unsigned long done = 0;
  while (done < count) {
    ssize_t n = pread(fd, buffer + done, count - done, (off_t)(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += (unsigned long)n;
  }
  return done;
}

static void ctypescaleshims_close(FT_Stream stream) { free(stream); }

FT_Error CTypeScaleShims_openFaceFromDescriptor(
    FT_Library library, int fd, unsigned long size, FT_Long faceIndex, FT_Face *face) {
  FT_Stream stream = calloc(1, sizeof(*stream));
  if (stream == NULL) return FT_Err_Out_Of_Memory;
  stream->size = size;
  stream->pos = 0;
  stream->descriptor.value = fd;
  stream->read = ctypescaleshims_read;
  stream->close = ctypescaleshims_close;

  FT_Open_Args args = {0};
  args.flags = FT_OPEN_STREAM;
  args.stream = stream;
  // On success the face owns the stream and FT_Done_Face closes it; on failure FT_Open_Face
  // closes it itself (FT_Stream_Free calls stream->close), so it is never freed here.
  FT_Error error = FT_Open_Face(library, &args, faceIndex, face);
  if (error != 0) *face = NULL;
  return error;
}
