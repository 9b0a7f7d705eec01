// SPDX-License-Identifier: Apache-2.0
//
// The only file that includes ICU's headers (see CUnicode.h for why). Each function is a thin
// wrapper; the comments say what it adds to the ICU call it wraps.

#include "CUnicode.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/upluralrules.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

// MARK: - The header's numbers are ICU's

// The header spells ICU's values as literals so that Swift never sees ICU; these checks keep the
// two in step if a future ICU renumbers anything.
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UTF-16 text is passed as uint16_t");
_Static_assert(sizeof(UBiDiLevel) == sizeof(uint8_t), "bidi levels are passed as uint8_t");
_Static_assert(U_ZERO_ERROR == 0, "0 is success");
_Static_assert(U_ILLEGAL_ARGUMENT_ERROR == 1, "CUnicode_statusIllegalArgument");
_Static_assert(U_MEMORY_ALLOCATION_ERROR == 7, "CUnicode_statusMemoryAllocation");
_Static_assert(U_BUFFER_OVERFLOW_ERROR == 15, "CUnicode_statusBufferOverflow");
_Static_assert(U_LB_UNKNOWN == 0, "CUnicode_lineBreakClassUnknown");
_Static_assert(U_LB_ALPHABETIC == 2, "CUnicode_lineBreakClassAlphabetic");
_Static_assert(U_LB_MANDATORY_BREAK == 6, "CUnicode_lineBreakClassMandatoryBreak");
_Static_assert(U_LB_CARRIAGE_RETURN == 10, "CUnicode_lineBreakClassCarriageReturn");
_Static_assert(U_LB_GLUE == 12, "CUnicode_lineBreakClassGlue");
_Static_assert(U_LB_IDEOGRAPHIC == 14, "CUnicode_lineBreakClassIdeographic");
_Static_assert(U_LB_LINE_FEED == 17, "CUnicode_lineBreakClassLineFeed");
_Static_assert(U_LB_NUMERIC == 19, "CUnicode_lineBreakClassNumeric");
_Static_assert(U_LB_SPACE == 26, "CUnicode_lineBreakClassSpace");
_Static_assert(U_LB_NEXT_LINE == 29, "CUnicode_lineBreakClassNextLine");
_Static_assert(U_LB_H2 == 31, "CUnicode_lineBreakClassH2");
_Static_assert(U_LB_H3 == 32, "CUnicode_lineBreakClassH3");
_Static_assert(U_LB_JL == 33, "CUnicode_lineBreakClassJL");
_Static_assert(U_LB_JT == 34, "CUnicode_lineBreakClassJT");
_Static_assert(U_LB_JV == 35, "CUnicode_lineBreakClassJV");
_Static_assert(U_LEFT_TO_RIGHT == 0, "CUnicode_bidiClassLeftToRight");
_Static_assert(U_RIGHT_TO_LEFT == 1, "CUnicode_bidiClassRightToLeft");
_Static_assert(U_ARABIC_NUMBER == 5, "CUnicode_bidiClassArabicNumber");
_Static_assert(U_LEFT_TO_RIGHT_EMBEDDING == 11, "CUnicode_bidiClassLeftToRightEmbedding");
_Static_assert(U_LEFT_TO_RIGHT_OVERRIDE == 12, "CUnicode_bidiClassLeftToRightOverride");
_Static_assert(U_RIGHT_TO_LEFT_ARABIC == 13, "CUnicode_bidiClassRightToLeftArabic");
_Static_assert(U_RIGHT_TO_LEFT_EMBEDDING == 14, "CUnicode_bidiClassRightToLeftEmbedding");
_Static_assert(U_RIGHT_TO_LEFT_OVERRIDE == 15, "CUnicode_bidiClassRightToLeftOverride");
_Static_assert(U_POP_DIRECTIONAL_FORMAT == 16, "CUnicode_bidiClassPopDirectionalFormat");
_Static_assert(U_FIRST_STRONG_ISOLATE == 19, "CUnicode_bidiClassFirstStrongIsolate");
_Static_assert(U_LEFT_TO_RIGHT_ISOLATE == 20, "CUnicode_bidiClassLeftToRightIsolate");
_Static_assert(U_RIGHT_TO_LEFT_ISOLATE == 21, "CUnicode_bidiClassRightToLeftIsolate");
_Static_assert(U_POP_DIRECTIONAL_ISOLATE == 22, "CUnicode_bidiClassPopDirectionalIsolate");
_Static_assert(USCRIPT_COMMON == 0, "CUnicode_scriptCommon");
_Static_assert(USCRIPT_INHERITED == 1, "CUnicode_scriptInherited");
_Static_assert(USCRIPT_UNKNOWN == 103, "CUnicode_scriptUnknown");
_Static_assert(USCRIPT_ARABIC == 2, "CUnicode_scriptArabic");
_Static_assert(USCRIPT_CYRILLIC == 8, "CUnicode_scriptCyrillic");
_Static_assert(USCRIPT_DEVANAGARI == 10, "CUnicode_scriptDevanagari");
_Static_assert(USCRIPT_GREEK == 14, "CUnicode_scriptGreek");
_Static_assert(USCRIPT_HAN == 17, "CUnicode_scriptHan");
_Static_assert(USCRIPT_HANGUL == 18, "CUnicode_scriptHangul");
_Static_assert(USCRIPT_HEBREW == 19, "CUnicode_scriptHebrew");
_Static_assert(USCRIPT_HIRAGANA == 20, "CUnicode_scriptHiragana");
_Static_assert(USCRIPT_KATAKANA == 22, "CUnicode_scriptKatakana");
_Static_assert(USCRIPT_LATIN == 25, "CUnicode_scriptLatin");
_Static_assert(USCRIPT_TAMIL == 35, "CUnicode_scriptTamil");
_Static_assert(USCRIPT_THAI == 38, "CUnicode_scriptThai");
_Static_assert(USCRIPT_JAPANESE == 105, "CUnicode_scriptJapanese");

// The largest code point; larger uint32_t values would turn negative as a UChar32.
#define CUNICODE_MAX_CODE_POINT 0x10FFFFu

// ICU's protocol: do nothing unless the caller passed a status that is still a success.
static bool cunicode_canProceed(int32_t *status) { return status != NULL && *status <= 0; }

static void cunicode_fail(int32_t *status, UErrorCode code) { *status = (int32_t)code; }

// MARK: - Status

bool CUnicode_isFailure(int32_t status) { return U_FAILURE((UErrorCode)status); }

const char *CUnicode_errorName(int32_t status) { return u_errorName((UErrorCode)status); }

// MARK: - Line breaking

struct CUnicodeLineBreaker {
  UBreakIterator *iterator;
};

// What the iterator points at between calls, so it never holds a pointer into a caller's buffer
// that may since have been freed.
static const UChar cunicode_emptyText[1] = {0};

CUnicodeLineBreaker *CUnicode_lineBreakerCreate(const char *locale, int32_t *status) {
  if (!cunicode_canProceed(status)) return NULL;
  if (locale == NULL) {
    cunicode_fail(status, U_ILLEGAL_ARGUMENT_ERROR);
    return NULL;
  }
  CUnicodeLineBreaker *breaker = malloc(sizeof *breaker);
  if (breaker == NULL) {
    cunicode_fail(status, U_MEMORY_ALLOCATION_ERROR);
    return NULL;
  }
  UErrorCode error = U_ZERO_ERROR;
  breaker->iterator = ubrk_open(UBRK_LINE, locale, cunicode_emptyText, 0, &error);
  // Warnings (such as U_USING_DEFAULT_WARNING for a locale ICU has no data for) pass through.
  if (error != U_ZERO_ERROR) *status = (int32_t)error;
  if (U_FAILURE(error)) {
    ubrk_close(breaker->iterator);  // NULL-safe; ICU may return a half-made iterator.
    free(breaker);
    return NULL;
  }
  return breaker;
}

void CUnicode_lineBreakerDestroy(CUnicodeLineBreaker *breaker) {
  if (breaker == NULL) return;
  ubrk_close(breaker->iterator);
  free(breaker);
}

int32_t CUnicode_lineBreaks(
    CUnicodeLineBreaker *breaker, const uint16_t *text, int32_t length, int32_t *offsets,
    uint8_t *mandatory, int32_t capacity, int32_t *status) {
  if (!cunicode_canProceed(status)) return 0;
  if (breaker == NULL || length < 0 || (text == NULL && length > 0) || capacity < 0
      || (offsets == NULL && capacity > 0)) {
    cunicode_fail(status, U_ILLEGAL_ARGUMENT_ERROR);
    return 0;
  }
  if (length == 0) {
    // ICU reports no boundary after 0 in empty text; there is nothing to break.
    return 0;
  }

  UErrorCode error = U_ZERO_ERROR;
  ubrk_setText(breaker->iterator, (const UChar *)text, length, &error);
  if (U_FAILURE(error)) {
    cunicode_fail(status, error);
    return 0;
  }

  int32_t count = 0;
  for (int32_t boundary = ubrk_following(breaker->iterator, 0); boundary != UBRK_DONE;
       boundary = ubrk_next(breaker->iterator)) {
    if (count < capacity) {
      offsets[count] = boundary;
      if (mandatory != NULL) {
        // The rule status belongs to the boundary just returned.
        int32_t rule = ubrk_getRuleStatus(breaker->iterator);
        mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
      }
    }
    count += 1;
  }

  // Let go of the caller's text (see cunicode_emptyText). Setting an empty string cannot fail
  // in a way that matters to the result, so its status is not reported.
  UErrorCode resetError = U_ZERO_ERROR;
  ubrk_setText(breaker->iterator, cunicode_emptyText, 0, &resetError);

  if (count > capacity) cunicode_fail(status, U_BUFFER_OVERFLOW_ERROR);
  return count;
}

int32_t CUnicode_lineBreakClass(uint32_t codePoint) {
  if (codePoint > CUNICODE_MAX_CODE_POINT) return U_LB_UNKNOWN;
  return u_getIntPropertyValue((UChar32)codePoint, UCHAR_LINE_BREAK);
}

bool CUnicode_isWhitespaceForLineEnd(uint32_t codePoint) {
  if (codePoint == 0x0009) return true;
  if (codePoint > CUNICODE_MAX_CODE_POINT) return false;
  UChar32 c = (UChar32)codePoint;
  return u_charType(c) == U_SPACE_SEPARATOR
      && u_getIntPropertyValue(c, UCHAR_LINE_BREAK) != U_LB_GLUE;
}

// MARK: - Bidirectional text

int32_t CUnicode_bidiLevels(
    const uint16_t *text, int32_t length, int32_t paragraphLevel, uint8_t *levels,
    int32_t *resolvedParagraphLevel, int32_t *status) {
  if (status == NULL) return U_ILLEGAL_ARGUMENT_ERROR;
  if (!cunicode_canProceed(status)) return *status;
  if (length < 0 || ((text == NULL || levels == NULL) && length > 0) || paragraphLevel < -1
      || paragraphLevel > UBIDI_MAX_EXPLICIT_LEVEL) {
    cunicode_fail(status, U_ILLEGAL_ARGUMENT_ERROR);
    return *status;
  }

  UErrorCode error = U_ZERO_ERROR;
  UBiDi *bidi = ubidi_openSized(length, 0, &error);
  UBiDiLevel level = paragraphLevel == -1 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)paragraphLevel;
  // ICU keeps `text` only until the UBiDi is closed below.
  ubidi_setPara(bidi, (const UChar *)text, length, level, NULL, &error);
  if (U_SUCCESS(error)) {
    if (length > 0) {
      const UBiDiLevel *resolved = ubidi_getLevels(bidi, &error);
      if (U_SUCCESS(error)) memcpy(levels, resolved, (size_t)length);
    }
    if (U_SUCCESS(error) && resolvedParagraphLevel != NULL) {
      *resolvedParagraphLevel = ubidi_getParaLevel(bidi);
    }
  }
  ubidi_close(bidi);  // NULL-safe.
  if (U_FAILURE(error)) cunicode_fail(status, error);
  return *status;
}

bool CUnicode_reorderVisual(const uint8_t *levels, int32_t count, int32_t *indexMap) {
  if (count < 0 || (count > 0 && (levels == NULL || indexMap == NULL))) return false;
  if (count == 0) return true;
  // ICU returns silently, without writing, for a level it cannot reorder; checking first lets
  // the caller know.
  for (int32_t i = 0; i < count; i += 1) {
    if (levels[i] > UBIDI_MAX_EXPLICIT_LEVEL + 1) return false;
  }
  ubidi_reorderVisual(levels, count, indexMap);
  return true;
}

int32_t CUnicode_firstStrongDirection(const uint16_t *text, int32_t length) {
  if (text == NULL || length <= 0) return -1;
  switch (ubidi_getBaseDirection((const UChar *)text, length)) {
    case UBIDI_LTR:
      return 0;
    case UBIDI_RTL:
      return 1;
    case UBIDI_NEUTRAL:  // No strong character.
    case UBIDI_MIXED:    // Never returned by ubidi_getBaseDirection.
      break;
  }
  return -1;
}

int32_t CUnicode_bidiClass(uint32_t codePoint) {
  if (codePoint > CUNICODE_MAX_CODE_POINT) return U_LEFT_TO_RIGHT;
  return (int32_t)u_charDirection((UChar32)codePoint);
}

// MARK: - Scripts

int32_t CUnicode_script(uint32_t codePoint) {
  if (codePoint > CUNICODE_MAX_CODE_POINT) return USCRIPT_UNKNOWN;
  UErrorCode error = U_ZERO_ERROR;
  UScriptCode script = uscript_getScript((UChar32)codePoint, &error);
  return U_SUCCESS(error) ? (int32_t)script : USCRIPT_UNKNOWN;
}

bool CUnicode_scriptTag(int32_t script, char out[CUNICODE_NONNULL 5]) {
  if (out == NULL) return false;
  out[0] = '\0';
  if (script < 0) return false;
  const char *name = uscript_getShortName((UScriptCode)script);
  // ISO 15924 codes are exactly four letters; anything else is not a code to hand out.
  if (name == NULL || strlen(name) != 4) return false;
  memcpy(out, name, 5);
  return true;
}

bool CUnicode_scriptHasExtension(uint32_t codePoint, int32_t script) {
  if (codePoint > CUNICODE_MAX_CODE_POINT || script < 0) return false;
  return uscript_hasScript((UChar32)codePoint, (UScriptCode)script) != 0;
}

// MARK: - Versions

// Filled once by cunicode_fillVersions; pthread_once makes the first call from any thread the
// only writer and publishes the result to all readers.
static pthread_once_t cunicode_versionsOnce = PTHREAD_ONCE_INIT;
static char cunicode_icuVersion[U_MAX_VERSION_STRING_LENGTH];
static char cunicode_unicodeVersion[U_MAX_VERSION_STRING_LENGTH];

static void cunicode_fillVersions(void) {
  UVersionInfo info;
  u_getVersion(info);
  u_versionToString(info, cunicode_icuVersion);
  u_getUnicodeVersion(info);
  u_versionToString(info, cunicode_unicodeVersion);
}

const char *CUnicode_icuVersion(void) {
  pthread_once(&cunicode_versionsOnce, cunicode_fillVersions);
  return cunicode_icuVersion;
}

const char *CUnicode_unicodeVersion(void) {
  pthread_once(&cunicode_versionsOnce, cunicode_fillVersions);
  return cunicode_unicodeVersion;
}

// MARK: - Plural rules

// Whether the UTF-16 keyword ICU wrote equals the ASCII `category`.
static bool CUnicode_keywordEquals(const UChar *keyword, int32_t length, const char *category) {
  int32_t index = 0;
  for (; index < length; index++) {
    if (category[index] == 0 || (UChar)(unsigned char)category[index] != keyword[index]) {
      return false;
    }
  }
  return category[index] == 0;
}

// Whether `number` falls in `category` under `rules`; sets *status on failure.
static bool CUnicode_selects(
    const UPluralRules *rules, double number, const char *category, UErrorCode *status) {
  UChar keyword[16];
  int32_t length = uplrules_select(rules, number, keyword, 16, status);
  if (U_FAILURE(*status)) { return false; }
  return CUnicode_keywordEquals(keyword, length < 16 ? length : 16, category);
}

bool CUnicode_pluralSample(
    const char *locale, const char *category, char out[32], int32_t *status) {
  out[0] = 0;
  if (status == NULL || U_FAILURE((UErrorCode)*status)) { return false; }
  if (locale == NULL || category == NULL) {
    *status = U_ILLEGAL_ARGUMENT_ERROR;
    return false;
  }
  UErrorCode error = U_ZERO_ERROR;
  UPluralRules *rules = uplrules_openForType(locale, UPLURAL_TYPE_CARDINAL, &error);
  if (U_FAILURE(error)) {
    *status = error;
    return false;
  }
  bool found = false;
  for (int32_t n = 0; n <= 1000 && !found && U_SUCCESS(error); n++) {
    if (CUnicode_selects(rules, (double)n, category, &error)) {
      snprintf(out, 32, "%d", (int)n);
      found = true;
    }
  }
  double power = 10000.0;
  for (int32_t exponent = 4; exponent <= 9 && !found && U_SUCCESS(error); exponent++) {
    if (CUnicode_selects(rules, power, category, &error)) {
      snprintf(out, 32, "%.0f", power);
      found = true;
    }
    power *= 10.0;
  }
  for (int32_t tenths = 1; tenths < 1000 && !found && U_SUCCESS(error); tenths++) {
    if (tenths % 10 == 0) { continue; }
    char text[32];
    snprintf(text, 32, "%d.%d", (int)(tenths / 10), (int)(tenths % 10));
    if (CUnicode_selects(rules, (double)tenths / 10.0, category, &error)) {
      memcpy(out, text, strlen(text) + 1);
      found = true;
    }
  }
  uplrules_close(rules);
  if (U_FAILURE(error)) {
    *status = error;
    out[0] = 0;
    return false;
  }
  return found;
}

bool CUnicode_pluralCategory(const char *locale, double number, char out[16], int32_t *status) {
  out[0] = 0;
  if (status == NULL || U_FAILURE((UErrorCode)*status)) { return false; }
  if (locale == NULL) {
    *status = U_ILLEGAL_ARGUMENT_ERROR;
    return false;
  }
  UErrorCode error = U_ZERO_ERROR;
  UPluralRules *rules = uplrules_openForType(locale, UPLURAL_TYPE_CARDINAL, &error);
  if (U_FAILURE(error)) {
    *status = error;
    return false;
  }
  UChar keyword[16];
  int32_t length = uplrules_select(rules, number, keyword, 16, &error);
  uplrules_close(rules);
  if (U_FAILURE(error) || length < 0 || length > 15) {
    *status = U_FAILURE(error) ? error : U_BUFFER_OVERFLOW_ERROR;
    return false;
  }
  for (int32_t index = 0; index < length; index++) {
    out[index] = keyword[index] < 0x80 ? (char)keyword[index] : '?';
  }
  out[length] = 0;
  return true;
}
