"""The harness itself: the reader refuses what is not a readable trace."""
import pytest

from trace_reader import ReaderComplaint, read_trace


def test_reader_refuses_a_directory_without_a_trace(tmp_path):
    (tmp_path / "not-a-trace").write_text("hello\n")
    with pytest.raises(ReaderComplaint):
        read_trace(tmp_path)


def test_lttng_env_is_private(lttng_env, tmp_path):
    assert lttng_env["LTTNG_HOME"].startswith(str(tmp_path))
    assert lttng_env["LTTNG_RUNDIR"].startswith(str(tmp_path))
