// SPDX-License-Identifier: Apache-2.0
// ICU's common library through pkg-config `icu-uc`. Only CUnicode's .c files include ICU headers:
// Swift never imports this module, because ICU's headers clash with the ICU module Foundation
// ships on Linux (see CUnicode.h). This target exists to carry the pkg-config flags and the link.
#include <unicode/uversion.h>
