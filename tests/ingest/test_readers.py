"""Readers are registered by what they read: each one loads, and an unknown format is an error, never read as another."""

import pytest

from pipeline.errors import InputError
from pipeline.ingest import BINARY_READERS, SOURCE_NAMES, TEXT_READERS, reader


REGISTERED = [(BINARY_READERS, name) for name in BINARY_READERS] + [(TEXT_READERS, name) for name in TEXT_READERS]


@pytest.mark.parametrize(("readers", "name"), REGISTERED)
def test_every_registered_reader_loads(readers, name):
    assert callable(reader(readers, name, "format"))


def test_every_source_name_has_a_reader():
    suffixes = {"." + name.split(".")[1] for name in SOURCE_NAMES}
    assert suffixes - {".txt", ".md", ".html"} == set(BINARY_READERS)


def test_an_unknown_format_is_an_error_listing_the_readers():
    expected = r"no reader for the document format '\.doc' \(readers: \.pdf, \.docx, \.odt, \.epub, \.rtf\)"
    with pytest.raises(InputError, match=expected) as caught:
        reader(BINARY_READERS, ".doc", "document format", display="sources/x/raw.doc")
    assert caught.value.path == "sources/x/raw.doc"
