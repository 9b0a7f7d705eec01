// SPDX-License-Identifier: Apache-2.0
// ICU's common library through pkg-config `icu-uc`: flags and link only. Only CBenchmarkPeers'
// .c files include ICU headers; Swift never imports this module, because ICU's headers clash
// with the ICU module Foundation ships on Linux.
#include <unicode/uversion.h>
