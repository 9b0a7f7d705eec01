#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the localized-strings fixtures of `typescale check` (issue 20): the sample app in
Samples/check/ and one small file per format, plus malformed variants, in Tests/Fixtures/Strings/.

Every text is written here by the project (no app's strings are copied). The translations into
Japanese, Chinese, Arabic, Hebrew, Hindi and Thai use only characters of the UI strings of
`Goldens/ui-strings.cases`, which the subset fonts `Tests/Fixtures/Fonts/Fixture-UI-*` cover, so
no sample label falls back to a missing glyph; the script checks that and stops naming the
character otherwise. Keys those languages lack are left untranslated on purpose (the catalog
then falls back to English, as iOS does).

The output is deterministic: rerunning the script rewrites the same bytes. `--check` writes
nothing and exits 1 naming each file that differs from what the script would write (use it in
review to see that the committed fixtures are the script's).

The Tests/Fixtures/Strings/README.md table, with the line:column at which each malformed file's
error must be reported, is generated too: the positions are computed from the bytes written.

Usage: Scripts/make-strings-fixtures.py [--check]
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = "Samples/check"
FIXTURES = "Tests/Fixtures/Strings"

# ----------------------------------------------------------------------------------------------
# The sample app's strings. Each key maps language → text; a language missing from a key is an
# untranslated key (fallback to the source language). "en" is the source language.

LANGUAGES = ["en", "de", "fr", "es", "pt-BR", "ru", "ko", "ja", "zh-Hans", "ar", "he", "hi", "th"]
# Languages whose fonts are the UI subsets: their texts may use only the characters of their sets
# in Goldens/ui-strings.cases (plus ASCII).
SUBSET_LANGUAGES = {"ja": "ja", "zh-Hans": "zh-Hans", "ar": "ar", "he": "he", "hi": "hi",
                    "th": "th"}

STRINGS = {
    # Buttons: headline, 120 pt, 1 line, no truncation, xS...AX3.
    "button.save": {
        "en": "Save Changes", "de": "Änderungen speichern", "fr": "Enregistrer",
        "es": "Guardar cambios", "pt-BR": "Salvar alterações", "ru": "Сохранить изменения",
        "ko": "변경 사항 저장", "ja": "変更を保存", "zh-Hans": "保存更改", "ar": "حفظ التغييرات",
        "he": "שמירת שינויים", "hi": "बदलाव सहेजें", "th": "บันทึกการเปลี่ยนแปลง"},
    "button.privacy": {
        "en": "Privacy", "de": "Datenschutz", "fr": "Confidentialité", "es": "Privacidad",
        "pt-BR": "Privacidade", "ru": "Конфиденциальность", "ko": "개인정보 보호",
        "ja": "プライバシー", "zh-Hans": "隐私", "ar": "الخصوصية", "he": "פרטיות",
        "hi": "गोपनीयता", "th": "ความเป็นส่วนตัว"},
    "button.cancel": {
        "en": "Cancel", "de": "Abbrechen", "fr": "Annuler", "es": "Cancelar", "pt-BR": "Cancelar",
        "ru": "Отменить", "ko": "취소"},
    "button.done": {
        "en": "Done", "de": "Fertig", "fr": "OK", "es": "OK", "pt-BR": "OK", "ru": "Готово",
        "ko": "완료"},
    "button.delete": {
        "en": "Delete", "de": "Löschen", "fr": "Supprimer", "es": "Eliminar", "pt-BR": "Apagar",
        "ru": "Удалить", "ko": "삭제"},
    "button.continue": {
        "en": "Continue", "de": "Weiter", "fr": "Continuer", "es": "Continuar",
        "pt-BR": "Continuar", "ru": "Продолжить", "ko": "계속"},
    "button.signIn": {
        "en": "Sign In", "de": "Anmelden", "fr": "Connexion", "es": "Iniciar sesión",
        "pt-BR": "Entrar", "ru": "Войти", "ko": "로그인"},
    "button.ok": {
        "en": "OK", "de": "Verstanden", "fr": "Compris", "es": "Entendido", "pt-BR": "Entendi",
        "ru": "Понятно", "ko": "확인"},
    "button.restorePurchases": {
        "en": "Restore Purchases", "de": "Käufe wiederherstellen", "fr": "Restaurer les achats",
        "es": "Restaurar compras", "pt-BR": "Restaurar compras", "ru": "Восстановить покупки",
        "ko": "구매 항목 복원"},
    # Tabs: caption1, 80 pt, 1 line.
    "tab.home": {
        "en": "Home", "de": "Start", "fr": "Accueil", "es": "Inicio", "pt-BR": "Início",
        "ru": "Главная", "ko": "홈", "ja": "ホーム", "zh-Hans": "首页", "ar": "الرئيسية",
        "he": "בית", "hi": "होम", "th": "หน้าหลัก"},
    "tab.notifications": {
        "en": "Notifications", "de": "Mitteilungen", "fr": "Notifications",
        "es": "Notificaciones", "pt-BR": "Notificações", "ru": "Уведомления", "ko": "알림",
        "ja": "通知", "zh-Hans": "通知", "ar": "الإشعارات", "he": "התראות", "hi": "सूचनाएँ",
        "th": "การแจ้งเตือน"},
    "tab.settings": {
        "en": "Settings", "de": "Einstellungen", "fr": "Réglages", "es": "Ajustes",
        "pt-BR": "Ajustes", "ru": "Настройки", "ko": "설정", "ja": "設定", "zh-Hans": "设置",
        "ar": "الإعدادات", "he": "הגדרות", "hi": "सेटिंग्स", "th": "การตั้งค่า"},
    "tab.library": {
        "en": "Library", "de": "Mediathek", "fr": "Bibliothèque", "es": "Biblioteca",
        "pt-BR": "Biblioteca", "ru": "Медиатека", "ko": "보관함"},
    "tab.search": {
        "en": "Search", "de": "Suchen", "fr": "Rechercher", "es": "Buscar", "pt-BR": "Buscar",
        "ru": "Поиск", "ko": "검색"},
    # Titles: title2, 343 pt, 2 lines.
    "title.settings": {
        "en": "Settings", "de": "Einstellungen", "fr": "Réglages", "es": "Ajustes",
        "pt-BR": "Ajustes", "ru": "Настройки", "ko": "설정", "ja": "設定", "zh-Hans": "设置",
        "ar": "الإعدادات", "he": "הגדרות", "hi": "सेटिंग्स", "th": "การตั้งค่า"},
    "title.notificationSettings": {
        "en": "Notification Settings", "de": "Mitteilungseinstellungen",
        "fr": "Réglages des notifications", "es": "Ajustes de notificaciones",
        "pt-BR": "Ajustes de notificações", "ru": "Настройки уведомлений", "ko": "알림 설정",
        "ja": "通知設定", "zh-Hans": "通知设置", "ar": "إعدادات الإشعارات", "he": "הגדרות התראות",
        "hi": "सूचना सेटिंग्स", "th": "การตั้งค่าการแจ้งเตือน"},
    "title.privacySettings": {
        "en": "Privacy Settings", "de": "Datenschutzeinstellungen",
        "fr": "Réglages de confidentialité", "es": "Ajustes de privacidad",
        "pt-BR": "Ajustes de privacidade", "ru": "Настройки конфиденциальности",
        "ko": "개인정보 보호 설정", "ja": "プライバシー設定", "zh-Hans": "隐私设置",
        "ar": "إعدادات الخصوصية", "he": "הגדרות פרטיות", "hi": "गोपनीयता सेटिंग्स",
        "th": "การตั้งค่าความเป็นส่วนตัว"},
    "title.storageFull": {
        "en": "Storage Almost Full", "de": "Speicher fast voll", "fr": "Stockage presque plein",
        "es": "Almacenamiento casi lleno", "pt-BR": "Armazenamento quase cheio",
        "ru": "Хранилище почти заполнено", "ko": "저장 공간이 거의 가득 찼습니다"},
    "title.welcome": {
        "en": "Welcome to TypeScale Notes", "de": "Willkommen bei TypeScale Notes",
        "fr": "Bienvenue dans TypeScale Notes", "es": "Te damos la bienvenida a TypeScale Notes",
        "pt-BR": "Boas-vindas ao TypeScale Notes",
        "ru": "Добро пожаловать в TypeScale Notes", "ko": "TypeScale Notes에 오신 것을 환영합니다"},
    "title.deleteAccount": {
        "en": "Delete Your Account and All of Its Data Permanently",
        "de": "Ihren Account und alle zugehörigen Daten endgültig löschen",
        "fr": "Supprimer définitivement votre compte et toutes ses données",
        "es": "Eliminar definitivamente tu cuenta y todos sus datos",
        "pt-BR": "Apagar permanentemente a sua conta e todos os dados dela",
        "ru": "Безвозвратно удалить учётную запись и все связанные с ней данные",
        "ko": "계정과 모든 데이터를 영구적으로 삭제"},
    # Body text: body, 343 pt (the defaults' line limit: none).
    "body.message": {
        "en": "Anna: Are we still on for dinner tomorrow at 7? I booked a table by the window.",
        "de": "Anna: Bleibt es bei morgen um 7 zum Abendessen? Ich habe einen Tisch am Fenster "
              "reserviert.",
        "fr": "Anna : On dîne toujours demain à 19 h ? J’ai réservé une table près de la fenêtre.",
        "es": "Anna: ¿Seguimos con la cena de mañana a las 7? Reservé una mesa junto a la ventana.",
        "pt-BR": "Anna: Nosso jantar amanhã às 7 está de pé? Reservei uma mesa perto da janela.",
        "ru": "Анна: Ужин завтра в 7 в силе? Я забронировала столик у окна.",
        "ko": "안나: 내일 저녁 7시 약속 그대로죠? 창가 자리로 예약해 두었어요.",
        "ja": "アンナ：明日の夜7時の約束、変わりないですよね？窓際の席を予約しました。",
        "zh-Hans": "安娜：明晚7点的晚餐还照旧吗？我订了靠窗的桌子。",
        "ar": "آنا: هل ما زال موعد العشاء غدًا في الساعة ٧ قائمًا؟ حجزتُ طاولة بجانب النافذة.",
        "he": "אנה: אנחנו עדיין נפגשים מחר ב־19:00? הזמנתי שולחן ליד החלון.",
        "hi": "अन्ना: क्या कल शाम 7 बजे का डिनर पक्का है? मैंने खिड़की के पास वाली टेबल बुक की है।",
        "th": "แอนนา: พรุ่งนี้ทานข้าวเย็นตอนหนึ่งทุ่มเหมือนเดิมใช่ไหม ฉันจองโต๊ะริมหน้าต่างไว้แล้ว"},
    "body.storage": {
        "en": "You can free up space by deleting photos, videos and apps you no longer use.",
        "de": "Du kannst Speicherplatz freigeben, indem du Fotos, Videos und Apps löschst, die du "
              "nicht mehr verwendest.",
        "fr": "Vous pouvez libérer de l’espace en supprimant les photos, vidéos et apps que vous "
              "n’utilisez plus.",
        "es": "Puedes liberar espacio eliminando las fotos, los vídeos y las apps que ya no usas.",
        "pt-BR": "Você pode liberar espaço apagando fotos, vídeos e apps que não usa mais.",
        "ru": "Освободите место, удалив фото, видео и приложения, которыми вы больше не "
              "пользуетесь.",
        "ko": "더 이상 사용하지 않는 사진, 동영상 및 앱을 삭제하여 공간을 확보하세요.",
        "ja": "使わなくなった写真、ビデオ、アプリを削除して空き容量を増やしてください。",
        "zh-Hans": "删除不再使用的照片、视频和应用即可释放空间。",
        "ar": "يمكنك تحرير مساحة بحذف الصور ومقاطع الفيديو والتطبيقات التي لم تعد تستخدمها.",
        "he": "אפשר לפנות מקום על ידי מחיקת תמונות, סרטונים ויישומים שכבר אינך משתמש בהם.",
        "hi": "जिन फ़ोटो, वीडियो और ऐप्स का अब उपयोग नहीं करते, उन्हें हटाकर जगह खाली करें।",
        "th": "คุณสามารถเพิ่มพื้นที่ว่างได้โดยลบรูปภาพ วิดีโอ และแอปที่ไม่ได้ใช้แล้ว"},
    "body.privacy": {
        "en": "Your notes stay on this device unless you turn on sync. We never read them, sell "
              "them or use them to train anything.",
        "de": "Deine Notizen bleiben auf diesem Gerät, solange du die Synchronisierung nicht "
              "einschaltest. Wir lesen sie nie, verkaufen sie nicht und trainieren nichts damit.",
        "fr": "Vos notes restent sur cet appareil tant que vous n’activez pas la synchronisation. "
              "Nous ne les lisons jamais, ne les vendons pas et ne nous en servons pour rien "
              "entraîner.",
        "ru": "Заметки хранятся только на этом устройстве, пока вы не включите синхронизацию. "
              "Мы их не читаем, не продаём и ни на чём не обучаем."},
    "label.signedInAs": {
        "en": "Signed in as %@", "de": "Angemeldet als %@", "fr": "Connecté en tant que %@",
        "es": "Sesión iniciada como %@", "pt-BR": "Conectado como %@", "ru": "Вы вошли как %@",
        "ko": "%@(으)로 로그인됨"},
    "label.progress": {
        "en": "%1$@ of %2$@ uploaded (%3$.1f%%)", "de": "%1$@ von %2$@ hochgeladen (%3$.1f %%)",
        "fr": "%1$@ sur %2$@ envoyé(s) (%3$.1f %%)", "ru": "Загружено %1$@ из %2$@ (%3$.1f %%)",
        "ko": "%2$@ 중 %1$@ 업로드됨(%3$.1f%%)"},
}

# Plurals: language → {category: text}. Defaults rule (body, 320 pt).
PLURALS = {
    "label.itemCount": {
        "en": {"one": "%lld item", "other": "%lld items"},
        "de": {"one": "%lld Objekt", "other": "%lld Objekte"},
        "fr": {"one": "%lld élément", "many": "%lld d’éléments", "other": "%lld éléments"},
        "es": {"one": "%lld elemento", "many": "%lld de elementos", "other": "%lld elementos"},
        "pt-BR": {"one": "%lld item", "many": "%lld de itens", "other": "%lld itens"},
        "ru": {"one": "%lld объект", "few": "%lld объекта", "many": "%lld объектов",
               "other": "%lld объекта"},
        "ko": {"other": "항목 %lld개"},
    },
}

# A substitution: the source unit's value and, per language, the plural forms of "files".
SUBSTITUTIONS = {
    "status.filesDeleted": {
        "en": ("%#@files@ deleted", {"one": "%arg file", "other": "%arg files"}),
        "de": ("%#@files@ gelöscht", {"one": "%arg Datei", "other": "%arg Dateien"}),
        "ru": ("Удалено: %#@files@", {"one": "%arg файл", "few": "%arg файла",
                                       "many": "%arg файлов", "other": "%arg файла"}),
        "ko": ("%#@files@ 삭제됨", {"other": "파일 %arg개"}),
    },
}

# Device variants (iphone/ipad) of a button: language → {device: text}.
DEVICES = {
    "button.upload": {
        "en": {"iphone": "Upload", "ipad": "Upload to iCloud Drive"},
        "de": {"iphone": "Hochladen", "ipad": "In iCloud Drive hochladen"},
        "ru": {"iphone": "Загрузить", "ipad": "Загрузить в iCloud Drive"},
    },
}

STATES = {("title.welcome", "de"): "needs_review", ("button.restorePurchases", "fr"): "stale",
          ("button.signIn", "ko"): "new"}
# A key whose source text is the key itself: no English unit.
KEY_AS_SOURCE = {"Open in Browser": {"de": "Im Browser öffnen", "fr": "Ouvrir dans le navigateur",
                                     "ru": "Открыть в браузере"}}
NOT_TRANSLATED = {"app.name": "TypeScale Notes"}
COMMENTS = {
    "button.save": "Saves the edited note.",
    "label.signedInAs": "%@ is the account's e-mail address.",
    "label.progress": "Upload progress: sizes, then the percentage.",
    "app.name": "The product name; never translated.",
    "Open in Browser": "A button with no English unit: the key is the source text.",
}


def unit(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}


def catalog_json(catalog):
    """Xcode's String Catalog spelling: sorted keys, two spaces, ` : ` separators."""
    return json.dumps(catalog, ensure_ascii=False, indent=2, sort_keys=True,
                      separators=(",", " : ")) + "\n"


def sample_catalog():
    strings = {}
    for key, texts in STRINGS.items():
        strings[key] = {"extractionState": "manual", "localizations": {
            language: unit(text, STATES.get((key, language), "translated"))
            for language, text in texts.items()}}
    for key, forms in PLURALS.items():
        strings[key] = {"extractionState": "manual", "localizations": {
            language: {"variations": {"plural": {category: unit(text)
                                                 for category, text in choices.items()}}}
            for language, choices in forms.items()}}
    for key, forms in SUBSTITUTIONS.items():
        strings[key] = {"extractionState": "manual", "localizations": {
            language: {"stringUnit": {"state": "translated", "value": value},
                       "substitutions": {"files": {
                           "argNum": 1, "formatSpecifier": "lld",
                           "variations": {"plural": {category: unit(text)
                                                     for category, text in choices.items()}}}}}
            for language, (value, choices) in forms.items()}}
    for key, forms in DEVICES.items():
        strings[key] = {"extractionState": "manual", "localizations": {
            language: {"variations": {"device": {device: unit(text)
                                                 for device, text in choices.items()}}}
            for language, choices in forms.items()}}
    for key, texts in KEY_AS_SOURCE.items():
        strings[key] = {"localizations": {language: unit(text)
                                          for language, text in texts.items()}}
    for key, text in NOT_TRANSLATED.items():
        strings[key] = {"extractionState": "manual", "localizations": {"en": unit(text)},
                        "shouldTranslate": False}
    for key, comment in COMMENTS.items():
        strings[key]["comment"] = comment
    return catalog_json({"sourceLanguage": "en", "strings": strings, "version": "1.0"})


def check_coverage():
    """Each text in a subset-font language uses only its sets' characters (or ASCII)."""
    with open(os.path.join(ROOT, "Goldens/ui-strings.cases"), encoding="utf-8") as handle:
        cases = json.load(handle)
    allowed = {}
    for case in cases["sets"]:
        language = case["language"]
        if language in SUBSET_LANGUAGES.values():
            allowed.setdefault(language, set()).update("".join(t[1] for t in case["texts"]))
    problems = []
    for key, texts in STRINGS.items():
        for language, text in texts.items():
            if language not in SUBSET_LANGUAGES:
                continue
            missing = {c for c in text if ord(c) >= 0x80 and c not in allowed[language]}
            if missing:
                problems.append(f"{key} [{language}]: {''.join(sorted(missing))} not in the "
                                f"UI subset font's characters (Goldens/ui-strings.cases)")
    for language in LANGUAGES:
        if not any(language in texts for texts in STRINGS.values()):
            problems.append(f"{language}: no text")
    if problems:
        sys.exit("make-strings-fixtures: " + "\n  ".join(problems))


def constraints():
    button = {"style": "headline", "width": 120, "lineLimit": 1, "truncation": False,
              "categories": "xS...AX3"}
    tab = {"style": "caption1", "width": 80, "lineLimit": 1}
    title = {"style": "title2", "width": 343, "lineLimit": 2}
    body = {"style": "body", "width": 343}
    # The Android strings as Android shows them (issue 36): Material 3 roles in sp, widths in
    # dp, Android 14's seven font scales.
    android_button = {"platform": "android", "textAppearance": "labelLarge", "width": 120,
                      "maxLines": 1, "truncation": False}
    android_tab = {"platform": "android", "textAppearance": "labelMedium", "width": 80,
                   "maxLines": 1}
    rules = []
    for glob, rule in [("button.*", button), ("tab.*", tab), ("title.*", title),
                       ("body.*", body), ("button_*", android_button), ("tab_*", android_tab)]:
        rules.append({"keys": glob, **rule})
    document = {
        "fontDirectories": ["fonts"],
        "fonts": {"ja": "TypeScale UI CJK", "zh-Hans": "TypeScale UI CJK",
                  "Arab": "TypeScale UI Arabic", "Hebr": "TypeScale UI Hebrew",
                  "Deva": "TypeScale UI Devanagari", "Thai": "TypeScale UI Thai"},
        "catalogs": ["Localizable.xcstrings", "android/res"],
        "placeholders": {"string": "maximilian.mustermann@example.com", "integer": "88888",
                         "float": "8888.88",
                         "overrides": [{"keys": "label.progress", "string": "888.8 MB"}]},
        "defaults": {"style": "body", "width": 320, "lineLimit": 0, "truncation": False,
                     "categories": "xS...AX5", "device": "iphone"},
        "rules": rules,
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


# ----------------------------------------------------------------------------------------------
# Android

def android_escape(text):
    return (text.replace("\\", "\\\\").replace("&", "&amp;").replace("<", "&lt;")
            .replace("'", "\\'").replace('"', '\\"'))


def android_file(items):
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">']
    lines += items
    lines.append("</resources>")
    return "\n".join(lines) + "\n"


SAMPLE_ANDROID = {
    "values": ["button_save", "tab_home", "tab_settings"],
    "values-de": ["button_save", "tab_home", "tab_settings"],
    "values-ru": ["button_save", "tab_home", "tab_settings"],
    "values-ko": ["button_save", "tab_home", "tab_settings"],
}
ANDROID_LANGUAGE = {"values": "en", "values-de": "de", "values-ru": "ru", "values-ko": "ko"}


def sample_android(folder):
    language = ANDROID_LANGUAGE[folder]
    items = []
    for name in SAMPLE_ANDROID[folder]:
        key = name.replace("_", ".", 1)
        items.append(f'    <string name="{name}">{android_escape(STRINGS[key][language])}</string>')
    count = PLURALS["label.itemCount"][language]
    items.append('    <plurals name="item_count">')
    for category, text in count.items():
        items.append(f'        <item quantity="{category}">{text.replace("%lld", "%d")}</item>')
    items.append("    </plurals>")
    if folder == "values":
        items.append('    <string name="app_name" translatable="false">TypeScale Notes</string>')
    return android_file(items)


# ----------------------------------------------------------------------------------------------
# Tests/Fixtures/Strings: one small file per format.

def fixture_catalog():
    strings = {
        "button.save": {"comment": "Saves the note.", "localizations": {
            "en": unit("Save"), "de": unit("Sichern"), "ko": unit("저장", "needs_review")}},
        "label.itemCount": {"localizations": {
            "en": {"variations": {"plural": {"one": unit("%lld item"),
                                             "other": unit("%lld items")}}},
            "de": {"variations": {"plural": {"one": unit("%lld Objekt"),
                                             "other": unit("%lld Objekte")}}}}},
        "status.filesDeleted": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "%#@files@ deleted"},
                   "substitutions": {"files": {"argNum": 1, "formatSpecifier": "lld",
                                               "variations": {"plural": {
                                                   "one": unit("%arg file"),
                                                   "other": unit("%arg files")}}}}}}},
        "button.upload": {"localizations": {
            "en": {"variations": {"device": {"iphone": unit("Upload"),
                                             "ipad": unit("Upload to iCloud Drive")}}},
            "de": unit("Hochladen", "stale")}},
        "Open in Browser": {"localizations": {"de": unit("Im Browser öffnen")}},
        "app.name": {"localizations": {"en": unit("TypeScale Notes")}, "shouldTranslate": False},
    }
    return catalog_json({"sourceLanguage": "en", "strings": strings, "version": "1.0"})


EN_STRINGS = """/* Saves the note. */
"button.save" = "Save";

// A line comment, then escapes: a quote, a newline, a tab, a backslash.
"label.quoted" = "Tap \\"Save\\" to keep it.\\nIt stays on\\tthis device \\\\ only.";

/* \\U escapes: é and the ring above (U+030A). */
"label.cafe" = "Caf\\U00e9 Malm\\U00f6";

"label.signedInAs" = "Signed in as %@";
"label.progress" = "%1$@ of %2$@ uploaded (%3$.1f%%)";
unquotedKey = "A key without quotes";
"""

DE_STRINGS = """/* UTF-16 little-endian with a byte order mark, as Xcode used to write them. */
"button.save" = "Sichern";
"label.quoted" = "Tippe auf \\"Sichern\\", um sie zu behalten.\\nSie bleibt auf diesem Gerät.";
"label.cafe" = "Caf\\U00e9 Malm\\U00f6";
"label.signedInAs" = "Angemeldet als %@";
"""

STRINGSDICT_HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
"""


def stringsdict(entries):
    """entries: key → (format, variable, {category: text})."""
    out = [STRINGSDICT_HEAD.rstrip("\n")]
    for key, (format_, variable, forms) in entries.items():
        out += [f"\t<key>{key}</key>", "\t<dict>",
                "\t\t<key>NSStringLocalizedFormatKey</key>", f"\t\t<string>{format_}</string>",
                f"\t\t<key>{variable}</key>", "\t\t<dict>",
                "\t\t\t<key>NSStringFormatSpecTypeKey</key>",
                "\t\t\t<string>NSStringPluralRuleType</string>",
                "\t\t\t<key>NSStringFormatValueTypeKey</key>", "\t\t\t<string>lld</string>"]
        for category, text in forms.items():
            out += [f"\t\t\t<key>{category}</key>", f"\t\t\t<string>{text}</string>"]
        out += ["\t\t</dict>", "\t</dict>"]
    out += ["</dict>", "</plist>"]
    return "\n".join(out) + "\n"


EN_STRINGSDICT = {
    "label.itemCount": ("%#@items@", "items", {"one": "%lld item", "other": "%lld items"}),
    "status.filesDeleted": ("%#@files@ deleted", "files",
                            {"zero": "No files", "one": "%lld file", "other": "%lld files"}),
}
DE_STRINGSDICT = {
    "label.itemCount": ("%#@items@", "items", {"one": "%lld Objekt", "other": "%lld Objekte"}),
}


def xliff(language, units, original="Localizable.xcstrings"):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">',
             f'  <file original="{original}" source-language="en" target-language="{language}" '
             'datatype="plaintext">',
             '    <header>',
             '      <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="16.0" '
             'build-num="16A242d"/>',
             '    </header>',
             '    <body>']
    for identifier, source, target, state, note in units:
        lines.append(f'      <trans-unit id="{identifier}" xml:space="preserve">')
        lines.append(f'        <source>{source}</source>')
        if target is not None:
            state_attribute = f' state="{state}"' if state else ""
            lines.append(f'        <target{state_attribute}>{target}</target>')
        if note:
            lines.append(f'        <note>{note}</note>')
        lines.append('      </trans-unit>')
    lines += ['    </body>', '  </file>', '</xliff>']
    return "\n".join(lines) + "\n"


DE_XLIFF_UNITS = [
    ("button.save", "Save", "Sichern", "translated", "Saves the note."),
    ("label.quoted", "Tap &quot;Save&quot; &amp; keep it.", "Tippe auf „Sichern“ &amp; behalte sie.",
     "translated", None),
    ("label.signedInAs", "Signed in as %@", "Angemeldet als %@", "needs-review-translation", None),
    ("title.welcome", "Welcome", None, None, "No target yet: falls back to the source."),
    ("/label.itemCount:dict/items:dict/one:dict/:string", "%lld item", "%lld Objekt",
     "translated", None),
    ("/label.itemCount:dict/items:dict/other:dict/:string", "%lld items", "%lld Objekte",
     "translated", None),
]
DE_XCLOC_UNITS = [
    ("button.save", "Save", "Sichern", "translated", None),
    ("tab.home", "Home", "Start", "translated", None),
    ("tab.notifications", "Notifications", "Mitteilungen", "new", None),
]
XCLOC_CONTENTS = json.dumps({"developmentRegion": "en", "project": "Notes.xcodeproj",
                             "targetLocale": "de",
                             "toolInfo": {"toolBuildNumber": "16A242d", "toolID":
                                          "com.apple.dt.xcode", "toolName": "Xcode",
                                          "toolVersion": "16.0"}, "version": "1.0"},
                            indent=2, sort_keys=True) + "\n"


def android_fixture(language):
    texts = {
        "en": ("Save", "Tap \\'Save\\' to keep \\\"it\\\".\\nIt stays here.", "Home",
               ("%d item", "%d items")),
        "de": ("Sichern", "Tippe auf \\'Sichern\\'.\\nSie bleibt hier.", "Start",
               ("%d Objekt", "%d Objekte")),
        "ko": ("저장", "\\'저장\\'을 탭하세요.\\n여기에 남아요.", "홈", (None, "항목 %d개")),
        "b+sr+Latn": ("Sačuvaj", "Dodirni \\'Sačuvaj\\'.\\nOstaje ovde.", "Početna",
                      ("%d stavka", "%d stavki")),
    }[language]
    save, quoted, home, (one, other) = texts
    items = [f'    <string name="button_save">{save}</string>',
             f'    <string name="label_quoted">{quoted}</string>',
             f'    <string name="tab_home">{home}</string>']
    if language == "en":
        items += [
            '    <string name="app_name" translatable="false">TypeScale Notes</string>',
            '    <string name="label_unicode">\\u0041BC &amp; more</string>',
            '    <string name="label_cdata"><![CDATA[<b>Bold</b> & plain]]></string>',
            '    <string name="label_signed_in">Signed in as <xliff:g id="email" '
            'example="anna@example.com">%1$s</xliff:g></string>',
            '    <string name="label_progress">%1$s of %2$s uploaded (%3$.1f%%)</string>',
            '    <string name="button_home_alias">@string/tab_home</string>',
            '    <string-array name="sort_orders">',
            '        <item>Newest First</item>',
            '        <item>Oldest First</item>',
            '    </string-array>']
    items.append('    <plurals name="item_count">')
    if one:
        items.append(f'        <item quantity="one">{one}</item>')
    items.append(f'        <item quantity="other">{other}</item>')
    items.append('    </plurals>')
    return android_file(items)


# Malformed files: (path, content, the marker whose first character is where the error is, a
# description). Every line of these files is ASCII, so the column is the same counted in bytes,
# UTF-16 units or characters (1-based).
MALFORMED = [
    ("malformed/truncated.xcstrings",
     '{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "button.save" : {\n'
     '      "localizations" : {\n        "en" : {\n          "stringUnit" : {\n'
     '            "state" : "translated",\n            "value" : "Sa',
     '"Sa', "JSON cut off inside a string: the error is at the opening quote of the string "
            "that the end of the file leaves unterminated"),
    ("malformed/unit-without-value.xcstrings",
     '{\n  "sourceLanguage" : "en",\n  "strings" : {\n    "button.save" : {\n'
     '      "localizations" : {\n        "en" : {\n          "stringUnit" : {\n'
     '            "state" : "translated"\n          }\n        }\n      }\n    }\n  },\n'
     '  "version" : "1.0"\n}\n',
     '{\n            "state"', "well-formed JSON of the wrong structure: a `stringUnit` without "
                                 "`value`; the error is at that `stringUnit` object's `{`"),
    ("malformed/en.lproj/missing-semicolon.strings",
     '"button.save" = "Save";\n"button.cancel" = "Cancel"\n"button.done" = "Done";\n',
     '"button.done"', "a .strings pair without its `;`: the error is where `;` was expected, at "
                       "the next key"),
    ("malformed/en.lproj/bad-escape.strings",
     '"button.save" = "Save";\n"label.cafe" = "Caf\\U00zz";\n',
     "\\U00zz", "`\\U` followed by non-hex digits: the error is at the backslash"),
    ("malformed/en.lproj/unclosed.stringsdict",
     STRINGSDICT_HEAD + '\t<key>label.itemCount</key>\n\t<dict>\n'
     '\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@items@\n\t</dict>\n'
     '</dict>\n</plist>\n',
     "</dict>\n</dict>", "an unclosed `<string>`: the error is at the mismatched end tag "
                         "`</dict>` that follows it"),
    ("malformed/en.lproj/wrong-structure.stringsdict",
     STRINGSDICT_HEAD + '\t<key>label.itemCount</key>\n\t<dict>\n'
     '\t\t<key>NSStringLocalizedFormatKey</key>\n\t\t<string>%#@items@</string>\n'
     '\t\t<key>items</key>\n\t\t<string>NSStringPluralRuleType</string>\n\t</dict>\n'
     '</dict>\n</plist>\n',
     "<string>NSStringPluralRuleType", "well-formed plist of the wrong structure: the variable "
                                       "`items` is a `<string>` where a `<dict>` of plural forms "
                                       "is expected; the error is at that `<string>`"),
    ("malformed/unclosed.xliff",
     '<?xml version="1.0" encoding="UTF-8"?>\n'
     '<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">\n'
     '  <file original="Localizable.xcstrings" source-language="en" target-language="de" '
     'datatype="plaintext">\n    <body>\n'
     '      <trans-unit id="button.save">\n        <source>Save</source>\n'
     '        <target>Sichern\n      </trans-unit>\n    </body>\n  </file>\n</xliff>\n',
     "</trans-unit>", "an unclosed `<target>`: the error is at the mismatched end tag "
                      "`</trans-unit>`"),
    ("malformed/android/res/values/strings.xml",
     '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n'
     '    <string name="button_save">Save</string>\n'
     '    <string name="tab_home">Home\n</resources>\n',
     "</resources>", "an unclosed `<string>`: the error is at the mismatched end tag "
                     "`</resources>`"),
]


def position(content, marker):
    """1-based line and column of the marker's first character (or of the end of the file)."""
    offset = len(content) if marker is None else content.index(marker)
    before = content[:offset]
    line = before.count("\n") + 1
    return line, offset - (before.rfind("\n") + 1) + 1


def fixture_readme(files):
    rows = [(path, what) for path, what in files]
    out = ["# Localized-strings fixtures",
           "",
           "Generated by `python3 Scripts/make-strings-fixtures.py` (do not edit by hand; rerun "
           "the script, and `--check` to see that the committed files are its output). Every text "
           "was written for TypeScale; none is copied from an app.",
           "",
           "| File | What it exercises |", "| --- | --- |"]
    out += [f"| `{path}` | {what} |" for path, what in rows]
    out += ["", "## Malformed files", "",
            "Each must be reported as a `StringsError` (exit status 2 from `typescale check`) at "
            "the line:column below: 1-based, and every line of these files is ASCII, so the "
            "column is the same in bytes, UTF-16 units and characters. The position is where the "
            "input stops being what the format allows — the script computes it from the bytes it "
            "writes.", "",
            "| File | Error at | What is wrong |", "| --- | --- | --- |"]
    for path, content, marker, what in MALFORMED:
        line, column = position(content, marker)
        out.append(f"| `{path}` | {line}:{column} | {what} |")
    return "\n".join(out) + "\n"


def outputs():
    """path → bytes for every file the script writes."""
    files = {}

    def text(path, content):
        files[path] = content.encode("utf-8")

    text(f"{SAMPLE}/Localizable.xcstrings", sample_catalog())
    text(f"{SAMPLE}/constraints.json", constraints())
    for folder in SAMPLE_ANDROID:
        text(f"{SAMPLE}/android/res/{folder}/strings.xml", sample_android(folder))

    listed = []

    def fixture(path, content, what, encoding="utf-8"):
        data = content.encode(encoding)
        if encoding == "utf-16-le":
            data = b"\xff\xfe" + data
        files[f"{FIXTURES}/{path}"] = data
        listed.append((path, what))

    fixture("Localizable.xcstrings", fixture_catalog(),
            "String Catalog: a plain unit with a comment; states `translated`, `needs_review`, "
            "`stale`; `plural` variations; a `%#@files@` substitution with its own plurals; "
            "`device` variations (iphone/ipad); a key with no English unit (the key is the "
            "source text); `shouldTranslate: false`; `ko` lacks most keys (fallback to `en`)")
    fixture("en.lproj/Localizable.strings", EN_STRINGS,
            "`.strings`, UTF-8: block and line comments, `\\\"`, `\\n`, `\\t`, `\\\\`, `\\U00e9`, "
            "`%@`, positional `%1$@`, `%.1f`, `%%`, an unquoted key")
    fixture("de.lproj/Localizable.strings", DE_STRINGS,
            "`.strings`, UTF-16 LE with a byte order mark (FF FE), non-ASCII text", "utf-16-le")
    fixture("en.lproj/Localizable.stringsdict", stringsdict(EN_STRINGSDICT),
            "`.stringsdict`: `NSStringPluralRuleType` with `one`/`other`, and one with `zero`")
    fixture("de.lproj/Localizable.stringsdict", stringsdict(DE_STRINGSDICT),
            "`.stringsdict` beside the UTF-16 `.strings` of the same language")
    fixture("de.xliff", xliff("de", DE_XLIFF_UNITS),
            "XLIFF 1.2 as Xcode exports it: `state` on `<target>` (`translated`, "
            "`needs-review-translation`), entities, a `<note>`, a unit without `<target>` "
            "(fallback to `<source>`), the `.stringsdict`-style ids of plural forms")
    fixture("de.xcloc/Localized Contents/de.xliff", xliff("de", DE_XCLOC_UNITS),
            "an `.xcloc` folder (a space in `Localized Contents`): its XLIFF, state `new`")
    fixture("de.xcloc/contents.json", XCLOC_CONTENTS,
            "the `.xcloc` manifest Xcode writes beside it (not a strings file)")
    for language in ["en", "de", "ko", "b+sr+Latn"]:
        folder = "values" if language == "en" else f"values-{language}"
        what = {"en": "Android default resources: `<string>`, `translatable=\"false\"`, `\\'`, "
                      "`\\\"`, `\\n`, `\\u0041`, `&amp;`, CDATA, `<xliff:g>`, `%1$s`, `%3$.1f`, "
                      "`%%`, an `@string/` reference, `<string-array>`, `<plurals>`",
                "de": "`values-de`: German",
                "ko": "`values-ko`: Korean; `<plurals>` with `other` only",
                "b+sr+Latn": "`values-b+sr+Latn`: BCP 47 qualifier, Serbian in Latin script "
                             "(`sr-Latn`)"}[language]
        fixture(f"android/res/{folder}/strings.xml", android_fixture(language), what)
    for path, content, marker, what in MALFORMED:
        files[f"{FIXTURES}/{path}"] = content.encode("utf-8")
    text(f"{FIXTURES}/README.md", fixture_readme(listed))
    return files


# Symlinks of the sample's fonts to the test fixtures (no second copy of the binaries).
FONT_LINKS = ["Fixture-UI-CJK.otf", "Fixture-UI-Arabic.ttf", "Fixture-UI-Hebrew.ttf",
              "Fixture-UI-Devanagari.ttf", "Fixture-UI-Thai.ttf", "OFL.txt"]


def main():
    check = "--check" in sys.argv[1:]
    check_coverage()
    differ = []
    for path, data in outputs().items():
        full = os.path.join(ROOT, path)
        current = open(full, "rb").read() if os.path.isfile(full) else None
        if current == data:
            continue
        differ.append(path)
        if not check:
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full + ".tmp", "wb") as handle:
                handle.write(data)
            os.replace(full + ".tmp", full)
    fonts = os.path.join(ROOT, SAMPLE, "fonts")
    for name in FONT_LINKS:
        link, target = os.path.join(fonts, name), f"../../../Tests/Fixtures/Fonts/{name}"
        if os.path.islink(link) and os.readlink(link) == target:
            continue
        differ.append(os.path.relpath(link, ROOT))
        if not check:
            os.makedirs(fonts, exist_ok=True)
            if os.path.lexists(link):
                os.remove(link)
            os.symlink(target, link)
    if check:
        for path in differ:
            print(f"make-strings-fixtures: {path} differs from the script's output",
                  file=sys.stderr)
        return 1 if differ else 0
    print(f"make-strings-fixtures: {len(differ)} file(s) written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
