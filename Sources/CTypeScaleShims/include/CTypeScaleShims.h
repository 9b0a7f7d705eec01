// SPDX-License-Identifier: Apache-2.0
//
// What Swift cannot reach in the C libraries directly: FreeType's function-like macros, the
// FT_Err_* error codes (fterrors.h builds them with macros), and a FreeType stream that reads a file with pread(2) instead of mapping it. Every symbol is prefixed
// CTypeScaleShims_.

#ifndef CTYPESCALESHIMS_H
#define CTYPESCALESHIMS_H

#include <ft2build.h>
#include FT_FREETYPE_H

/// FT_HAS_MULTIPLE_MASTERS(face): the face has variation axes FreeType can apply.
int CTypeScaleShims_hasMultipleMasters(FT_Face face);

/// FT_IS_SFNT(face): the face is TrueType/OpenType (sfnt) data.
int CTypeScaleShims_isSFNT(FT_Face face);

/// FT_IS_SCALABLE(face): the face has outlines.
int CTypeScaleShims_isScalable(FT_Face face);

/// FreeType error codes (fterrdef.h) that TypeScale tells apart; every other non-zero status is
/// reported by its number.
static const FT_Error CTypeScaleShims_FT_Err_Ok = FT_Err_Ok;
static const FT_Error CTypeScaleShims_FT_Err_Unknown_File_Format = FT_Err_Unknown_File_Format;
static const FT_Error CTypeScaleShims_FT_Err_Invalid_Argument = FT_Err_Invalid_Argument;
static const FT_Error CTypeScaleShims_FT_Err_Invalid_Pixel_Size = FT_Err_Invalid_Pixel_Size;
static const FT_Error CTypeScaleShims_FT_Err_Out_Of_Memory = FT_Err_Out_Of_Memory;

/// Opens face `faceIndex` of the open file descriptor `fd` (of `size` bytes) through a FreeType
/// stream that reads with pread(2).
///
/// FreeType's own FT_New_Face maps the file on Unix builds; a file truncated or replaced while it
/// is mapped kills the process with SIGBUS. Reading with pread turns that into a read error. The
/// stream is freed with the face (FT_Done_Face); `fd` stays owned by the caller and must stay open
/// until then.
FT_Error CTypeScaleShims_openFaceFromDescriptor(
    FT_Library library, int fd, unsigned long size, FT_Long faceIndex, FT_Face *face);

#endif
