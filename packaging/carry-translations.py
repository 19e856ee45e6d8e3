#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: Box office developers
"""Carries translations over to messages that moved to another class.

lupdate looks a message up by its class (its context) and source text: when code moves to a new
class, as a window split into screens, its sentences come back untranslated under the new name and
the old ones are dropped (-no-obsolete). This fills each untranslated message from a translation
of the same source text (and comment) in an earlier version of the file, whatever its context, when
that earlier file translates it one way only — or, when it translates it more ways, as the
message that left its class translated it. Nothing else changes; run lupdate (cmake --build
<tree> --target update_translations) before and after.

    packaging/carry-translations.py resources/translations/boxoffice_ko.ts OLD.ts
    git show HEAD:resources/translations/boxoffice_ko.ts > /tmp/old.ts  (to make OLD.ts)

Prints how many were carried and how many are left untranslated; exit 0. A file that cannot be
read or is not a .ts file: exit 2, nothing written.
"""
import sys
import xml.etree.ElementTree as ET


def key(message):
    source = message.findtext('source') or ''
    comment = message.findtext('comment') or ''
    return (source, comment, message.get('numerus') == 'yes')


def finished(message):
    translation = message.find('translation')
    if translation is None or translation.get('type') in ('unfinished', 'vanished', 'obsolete'):
        return None
    forms = translation.findall('numerusform')
    if forms:
        return tuple(f.text or '' for f in forms)
    return (translation.text or '',) if translation.text else None


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    path, old_path = sys.argv[1], sys.argv[2]
    try:
        return carry(path, old_path)
    except (OSError, ET.ParseError) as e:
        # Nothing was written: the file is rewritten only once every message is carried.
        sys.stderr.write(f'carry-translations: {e}\n')
        return 2


def carry(path, old_path):
    tree = ET.parse(path)
    present = set()
    for context in tree.getroot().iter('context'):
        for message in context.iter('message'):
            present.add((context.findtext('name'),) + key(message))
    # Each text's translations, and those of messages that left their class (gone from the new
    # file under that class's name): a text translated two ways (a keypad's "Back" and a page's)
    # takes the translation of the message that moved.
    known = {}
    moved = {}
    for context in ET.parse(old_path).getroot().iter('context'):
        for message in context.iter('message'):
            text = finished(message)
            if text is None:
                continue
            known.setdefault(key(message), set()).add(text)
            if (context.findtext('name'),) + key(message) not in present:
                moved.setdefault(key(message), set()).add(text)
    carried = left = 0
    for message in tree.getroot().iter('message'):
        translation = message.find('translation')
        if translation is None or translation.get('type') != 'unfinished':
            continue
        choices = moved.get(key(message), set())
        if len(choices) != 1:
            choices = known.get(key(message), set())
        if len(choices) != 1:
            left += 1
            continue
        (text,) = choices
        del translation.attrib['type']
        forms = translation.findall('numerusform')
        if forms and len(forms) == len(text):
            for form, value in zip(forms, text):
                form.text = value
        else:
            translation.text = text[0]
        carried += 1
    if carried:
        with open(path, 'wb') as out:
            out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
            tree.write(out, encoding='utf-8', xml_declaration=False)
    print(f'{path}: {carried} carried, {left} left untranslated')
    return 0


if __name__ == '__main__':
    sys.exit(main())
