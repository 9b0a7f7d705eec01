// SPDX-License-Identifier: Apache-2.0
//
// CUnicode: ICU behind a plain C interface.
//
// Why this target exists: on Linux, Foundation ships its own ICU module, and ICU's system headers
// clash with it when Swift can see both. So ICU's headers are included only by CUnicode.c, and
// this header, the only one Swift sees, uses nothing but <stdint.h>, <stddef.h> and <stdbool.h>. Every symbol is prefixed CUnicode_, the one handle type
// is opaque, and the constants below are plain numbers that CUnicode.c checks against ICU's own
// at compile time.
//
// Conventions:
// - Text is UTF-16 (`uint16_t` code units); every offset and length counts UTF-16 code units.
// - Code points are `uint32_t`. Values above U+10FFFF are treated as unassigned.
// - Fallible functions follow ICU's error protocol, carried as a plain `int32_t`: `*status` holds
//   a UErrorCode value, 0 is success, negative values are warnings (still success), positive values
//   are failures (CUnicode_isFailure). A function called with `*status` already failing does
//   nothing, so a sequence of calls can be checked once at the end.
// - The free functions are thread-safe. A CUnicodeLineBreaker is not: use each one from a single
//   thread at a time (the layout engine keeps one per thread).

#ifndef CUNICODE_H
#define CUNICODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// Nullability tells Swift which pointers may be nil, so it imports `OpaquePointer?` for the one
// creator that can fail and non-optional pointers elsewhere (array parameters need an explicit
// CUNICODE_NONNULL). Only clang understands it, and only clang needs it (Swift imports through
// clang); other compilers see nothing.
#if defined(__clang__)
#define CUNICODE_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define CUNICODE_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#define CUNICODE_NULLABLE _Nullable
#define CUNICODE_NONNULL _Nonnull
#else
#define CUNICODE_ASSUME_NONNULL_BEGIN
#define CUNICODE_ASSUME_NONNULL_END
#define CUNICODE_NULLABLE
#define CUNICODE_NONNULL
#endif

#ifdef __cplusplus
extern "C" {
#endif

CUNICODE_ASSUME_NONNULL_BEGIN

// MARK: - Status

/// UErrorCode U_ILLEGAL_ARGUMENT_ERROR: a pointer, length or level passed in is invalid.
static const int32_t CUnicode_statusIllegalArgument = 1;

/// UErrorCode U_MEMORY_ALLOCATION_ERROR.
static const int32_t CUnicode_statusMemoryAllocation = 7;

/// UErrorCode U_BUFFER_OVERFLOW_ERROR: an output buffer was too small; the function returned the
/// size it needs.
static const int32_t CUnicode_statusBufferOverflow = 15;

/// U_FAILURE(status): true for errors (positive values); success and warnings are false.
bool CUnicode_isFailure(int32_t status);

/// u_errorName: ICU's symbolic name for a status ("U_ZERO_ERROR", "U_ILLEGAL_ARGUMENT_ERROR"), so
/// a Swift error can say which failure it was. Returns static storage, never NULL.
const char *CUnicode_errorName(int32_t status);

// MARK: - Line breaking (UAX #14)

/// A reusable ICU line-break iterator (UBRK_LINE) for one locale.
///
/// Opening an iterator loads the locale's rules and, for Thai, Lao, Khmer, Burmese and CJK, its
/// dictionaries, so it is meant to be created once per thread and re-targeted to each paragraph
/// with CUnicode_lineBreaks. Not thread-safe.
typedef struct CUnicodeLineBreaker CUnicodeLineBreaker;

/// Opens a line breaker for `locale` (ubrk_open with UBRK_LINE).
///
/// `locale` is an ICU locale ID such as "en", "ko", "th" or "ja"; "" selects the root rules.
/// Keywords ICU honours are passed through ("ja@lw=phrase"); ICU 72 ignores "ko@lw=keepall", so
/// the layout engine applies Hangul word priority itself to the breaks found here. Returns NULL
/// and sets `*status` on failure; a fallback to a parent locale is only a warning.
CUnicodeLineBreaker *CUNICODE_NULLABLE CUnicode_lineBreakerCreate(
    const char *locale, int32_t *status);

/// Closes a line breaker (ubrk_close). NULL is allowed and does nothing.
void CUnicode_lineBreakerDestroy(CUnicodeLineBreaker *CUNICODE_NULLABLE breaker);

/// Finds every line-break opportunity in `text` after offset 0, up to and including `length`.
///
/// For the i-th opportunity, `offsets[i]` is the UTF-16 offset a line may end at and, when
/// `mandatory` is not NULL, `mandatory[i]` is 1 if the break is required (a hard break after a
/// line terminator such as "\n", U+2028 or CR LF: ICU rule status in [UBRK_LINE_HARD,
/// UBRK_LINE_HARD_LIMIT)) and 0 if it is only allowed. The last opportunity is always `length`;
/// it is flagged mandatory only when a line terminator ends the text, though the end of the text
/// always ends the line.
///
/// Returns the number of opportunities. Only the first `capacity` entries are written; when more
/// exist, the full count is returned and `*status` is set to CUnicode_statusBufferOverflow (ICU's
/// preflighting protocol). `length + 1` entries always suffice. `offsets` (and `mandatory`) may
/// be NULL only when `capacity` is 0; `text` may be NULL only when `length` is 0.
///
/// ICU keeps a pointer to the text it iterates, so this function sets `text` at the start of the
/// call (ubrk_setText) and points the iterator at an empty string before returning: `text` is
/// only borrowed for the duration of the call, and no state carries over to the next call.
int32_t CUnicode_lineBreaks(
    CUnicodeLineBreaker *breaker, const uint16_t *CUNICODE_NULLABLE text, int32_t length,
    int32_t *CUNICODE_NULLABLE offsets, uint8_t *CUNICODE_NULLABLE mandatory, int32_t capacity,
    int32_t *status);

// Line_Break property values (UCHAR_LINE_BREAK / ULineBreak), as returned by
// CUnicode_lineBreakClass. Only the classes the layout engine tests for are named.

/// [XX] Unknown: unassigned code points and values above U+10FFFF.
static const int32_t CUnicode_lineBreakClassUnknown = 0;
/// [AL] Alphabetic.
static const int32_t CUnicode_lineBreakClassAlphabetic = 2;
/// [BK] Mandatory break (U+000B, U+000C, U+2028, U+2029).
static const int32_t CUnicode_lineBreakClassMandatoryBreak = 6;
/// [CR] Carriage return.
static const int32_t CUnicode_lineBreakClassCarriageReturn = 10;
/// [GL] Non-breaking glue (U+00A0, U+2007, U+202F, ...).
static const int32_t CUnicode_lineBreakClassGlue = 12;
/// [ID] Ideographic.
static const int32_t CUnicode_lineBreakClassIdeographic = 14;
/// [LF] Line feed.
static const int32_t CUnicode_lineBreakClassLineFeed = 17;
/// [NU] Numeric.
static const int32_t CUnicode_lineBreakClassNumeric = 19;
/// [SP] Space (U+0020 only).
static const int32_t CUnicode_lineBreakClassSpace = 26;
/// [NL] Next line (U+0085).
static const int32_t CUnicode_lineBreakClassNextLine = 29;
/// [H2] Hangul LV syllable.
static const int32_t CUnicode_lineBreakClassH2 = 31;
/// [H3] Hangul LVT syllable.
static const int32_t CUnicode_lineBreakClassH3 = 32;
/// [JL] Hangul leading jamo.
static const int32_t CUnicode_lineBreakClassJL = 33;
/// [JT] Hangul trailing jamo.
static const int32_t CUnicode_lineBreakClassJT = 34;
/// [JV] Hangul vowel jamo.
static const int32_t CUnicode_lineBreakClassJV = 35;

/// u_getIntPropertyValue(c, UCHAR_LINE_BREAK): the UAX #14 Line_Break class of `codePoint`.
int32_t CUnicode_lineBreakClass(uint32_t codePoint);

/// Whether `codePoint` hangs at the end of a line: it may sit past the line's width and is not
/// counted when measuring or aligning the line (CSS Text 3 §4.1.3).
///
/// True for U+0009 tab and for space separators (General_Category Zs: U+0020, U+1680, U+2000 to
/// U+200A, U+205F, U+3000) except the no-break ones (Line_Break GL: U+00A0, U+2007, U+202F),
/// which glue words together and so never end a line. Line terminators are false: they force the
/// break rather than hang (CUnicode_lineBreaks reports them as mandatory).
bool CUnicode_isWhitespaceForLineEnd(uint32_t codePoint);

// MARK: - Bidirectional text (UAX #9)

/// Resolves the embedding level of every UTF-16 code unit of one paragraph (ubidi_setPara,
/// ubidi_getLevels).
///
/// `paragraphLevel` is 0 for a left-to-right paragraph, 1 for right-to-left, -1 to take the
/// direction from the first strong character (UAX #9 P2-P3, left-to-right when there is none;
/// ICU's UBIDI_DEFAULT_LTR); explicit levels up to 125 are also accepted. `levels` receives
/// `length` entries (even levels run left to right, odd levels right to left), and
/// `resolvedParagraphLevel`, when not NULL, receives the level the paragraph resolved to. `text`
/// should hold one paragraph; with several, the resolved level is the first one's. Returns
/// `*status`.
int32_t CUnicode_bidiLevels(
    const uint16_t *CUNICODE_NULLABLE text, int32_t length, int32_t paragraphLevel,
    uint8_t *CUNICODE_NULLABLE levels, int32_t *CUNICODE_NULLABLE resolvedParagraphLevel,
    int32_t *status);

/// Orders runs (or characters) visually from their levels (ubidi_reorderVisual, UAX #9 L2).
///
/// `levels` holds `count` levels in logical order, for example one per run of a line. On return
/// `indexMap[visualIndex]` is the logical index shown at that visual position, left to right.
/// Returns false, leaving `indexMap` untouched, when `count` is negative or a level is above 126
/// (the deepest level UAX #9 can resolve); `count` 0 is a valid empty order.
bool CUnicode_reorderVisual(
    const uint8_t *CUNICODE_NULLABLE levels, int32_t count, int32_t *CUNICODE_NULLABLE indexMap);

/// The direction of the first strong character in `text` (ubidi_getBaseDirection, UAX #9 P2):
/// 0 left-to-right, 1 right-to-left (R or AL), -1 when the text has no strong character.
int32_t CUnicode_firstStrongDirection(const uint16_t *CUNICODE_NULLABLE text, int32_t length);

// Bidi_Class property values (UCharDirection), as returned by CUnicode_bidiClass. Only the
// classes the layout engine tests for are named.

/// [L] U_LEFT_TO_RIGHT.
static const int32_t CUnicode_bidiClassLeftToRight = 0;
/// [R] U_RIGHT_TO_LEFT.
static const int32_t CUnicode_bidiClassRightToLeft = 1;
/// [AN] U_ARABIC_NUMBER.
static const int32_t CUnicode_bidiClassArabicNumber = 5;
/// [LRE] U_LEFT_TO_RIGHT_EMBEDDING.
static const int32_t CUnicode_bidiClassLeftToRightEmbedding = 11;
/// [LRO] U_LEFT_TO_RIGHT_OVERRIDE.
static const int32_t CUnicode_bidiClassLeftToRightOverride = 12;
/// [AL] U_RIGHT_TO_LEFT_ARABIC.
static const int32_t CUnicode_bidiClassRightToLeftArabic = 13;
/// [RLE] U_RIGHT_TO_LEFT_EMBEDDING.
static const int32_t CUnicode_bidiClassRightToLeftEmbedding = 14;
/// [RLO] U_RIGHT_TO_LEFT_OVERRIDE.
static const int32_t CUnicode_bidiClassRightToLeftOverride = 15;
/// [PDF] U_POP_DIRECTIONAL_FORMAT.
static const int32_t CUnicode_bidiClassPopDirectionalFormat = 16;
/// [FSI] U_FIRST_STRONG_ISOLATE.
static const int32_t CUnicode_bidiClassFirstStrongIsolate = 19;
/// [LRI] U_LEFT_TO_RIGHT_ISOLATE.
static const int32_t CUnicode_bidiClassLeftToRightIsolate = 20;
/// [RLI] U_RIGHT_TO_LEFT_ISOLATE.
static const int32_t CUnicode_bidiClassRightToLeftIsolate = 21;
/// [PDI] U_POP_DIRECTIONAL_ISOLATE.
static const int32_t CUnicode_bidiClassPopDirectionalIsolate = 22;

/// u_charDirection: the UAX #9 Bidi_Class of `codePoint` (a UCharDirection).
/// CUnicode_bidiClassLeftToRight for values above U+10FFFF.
int32_t CUnicode_bidiClass(uint32_t codePoint);

// MARK: - Scripts (UAX #24)

/// USCRIPT_COMMON (Zyyy): characters shared by many scripts, such as digits and punctuation.
static const int32_t CUnicode_scriptCommon = 0;
/// USCRIPT_INHERITED (Zinh): combining marks that take the script of their base character.
static const int32_t CUnicode_scriptInherited = 1;
/// USCRIPT_UNKNOWN (Zzzz): unassigned code points.
static const int32_t CUnicode_scriptUnknown = 103;
/// USCRIPT_ARABIC (Arab).
static const int32_t CUnicode_scriptArabic = 2;
/// USCRIPT_CYRILLIC (Cyrl).
static const int32_t CUnicode_scriptCyrillic = 8;
/// USCRIPT_DEVANAGARI (Deva).
static const int32_t CUnicode_scriptDevanagari = 10;
/// USCRIPT_GREEK (Grek).
static const int32_t CUnicode_scriptGreek = 14;
/// USCRIPT_HAN (Hani).
static const int32_t CUnicode_scriptHan = 17;
/// USCRIPT_HANGUL (Hang).
static const int32_t CUnicode_scriptHangul = 18;
/// USCRIPT_HEBREW (Hebr).
static const int32_t CUnicode_scriptHebrew = 19;
/// USCRIPT_HIRAGANA (Hira).
static const int32_t CUnicode_scriptHiragana = 20;
/// USCRIPT_KATAKANA (Kana).
static const int32_t CUnicode_scriptKatakana = 22;
/// USCRIPT_LATIN (Latn).
static const int32_t CUnicode_scriptLatin = 25;
/// USCRIPT_TAMIL (Taml).
static const int32_t CUnicode_scriptTamil = 35;
/// USCRIPT_THAI (Thai).
static const int32_t CUnicode_scriptThai = 38;
/// USCRIPT_JAPANESE (Jpan): Han, Hiragana and Katakana together. No character has it; the layout
/// engine gives it to a run that joins the three.
static const int32_t CUnicode_scriptJapanese = 105;

/// uscript_getScript: the Script property value (a UScriptCode) of `codePoint`.
/// CUnicode_scriptUnknown for values above U+10FFFF.
int32_t CUnicode_script(uint32_t codePoint);

/// Writes the ISO 15924 four-letter code of `script` ("Latn", "Hang", "Zyyy", "Zinh") into `out`,
/// NUL-terminated (uscript_getShortName).
///
/// Returns false, writing an empty string, when ICU has no such script code.
bool CUnicode_scriptTag(int32_t script, char out[CUNICODE_NONNULL 5]);

/// Whether `script` is in the Script_Extensions of `codePoint` (uscript_hasScript; UAX #24 §5).
///
/// U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK is Common, but its extensions are Hiragana and
/// Katakana. A character's own Script counts as an extension. (The itemizer does not use it: it
/// resolves Common and Inherited characters from their neighbours' Script alone.)
bool CUnicode_scriptHasExtension(uint32_t codePoint, int32_t script);

// MARK: - Plural rules (CLDR, through ICU's upluralrules)

/// The longest sample CUnicode_pluralSample writes, its terminating NUL included.
static const int32_t CUnicode_pluralSampleCapacity = 32;

/// A number whose CLDR cardinal plural category in `locale` is `category`, written into `out` as
/// ASCII digits ("1", "5", "21", "1000000", "1.5"), NUL-terminated.
///
/// Opens the locale's cardinal rules (uplrules_open with UPLURAL_TYPE_CARDINAL; "" and unknown
/// locales get the root rules, whose only category is "other") and searches, in order, for the
/// first number that uplrules_select puts in `category`: the integers 0 to 1000, then 10^4 to
/// 10^9 (French and Spanish "many" is 1000000), then the decimals 0.1 to 99.9 in steps of 0.1
/// (Russian and Polish "other" holds only fractions; a double carries its visible fraction
/// digits, so 1.5 counts as v = 1). The first hit is the smallest one, which keeps the sample
/// short, yet it is always a number the language really puts in that category.
///
/// Returns true when a number was found. Returns false, writing an empty string, when `category`
/// is not one of the locale's categories (for example "one" in Japanese); `*status` is set only
/// for real failures: ICU could not load the rules. The rules are in ICU's i18n library
/// (libicui18n), which Package.swift links into CUnicode.
bool CUnicode_pluralSample(
    const char *locale, const char *category,
    char out[CUNICODE_NONNULL 32], int32_t *status);

/// uplrules_select over the locale's cardinal rules: writes the plural category ICU gives
/// `number` ("one", "few", "other", …, NUL-terminated, at most 15 bytes) to `out`. Returns false,
/// with `*status` set, when the rules cannot be opened.
bool CUnicode_pluralCategory(
    const char *locale, double number, char out[CUNICODE_NONNULL 16], int32_t *status);

// MARK: - Versions

/// u_getVersion: the version of the ICU library loaded at run time, such as "72.1", for golden
/// file headers. Static storage, never NULL.
const char *CUnicode_icuVersion(void);

/// u_getUnicodeVersion: the Unicode version of ICU's character data, such as "15.0". Static
/// storage, never NULL.
const char *CUnicode_unicodeVersion(void);

CUNICODE_ASSUME_NONNULL_END

#ifdef __cplusplus
}
#endif

#endif
