"""benchmarks/segmentation_real.py: the truth files parse, intervals widen in subsets, changes are counted."""
import pytest

from conftest import REPO_ROOT, load_script


@pytest.fixture(scope="module")
def bench():
    return load_script("benchmarks/segmentation_real.py")


def test_real_truth_parses_with_the_ping_pong_switches(bench):
    series = {s.id: s for s in bench.load_truth(REPO_ROOT / "fixtures" / "real" / "truth.json")}
    pingpong = series["mpi/idle/pingpong_2"]
    assert pingpong.path.is_file() and pingpong.usable
    main = [(c.low, c.high) for c in pingpong.changes if c.kind == "main"]
    assert main == [(256, 512), (2048, 4096)]
    assert not series["mpi/loaded/allreduce_4"].usable  # scheduler-dominated: kept, not scored
    assert all(s.id != "mpi/loaded/allreduce_4" for s in bench.all_truth())


def test_truth_interval_widens_to_the_sizes_present_and_drops_out_of_range_changes(bench):
    sizes = [2.0 ** k for k in range(23)]
    changes = [bench.TruthChange(256, 512, "main"), bench.TruthChange(2048, 4096, "main")]
    even = sizes[0::2]  # 1, 4, ..., 1024, 4096, ...
    assert [t[:2] for t in bench.truth_in_subset(changes, even)] == [(256, 1024), (1024, 4096)]
    assert bench.truth_in_subset(changes, sizes[-10:]) == []  # top ten: 8 KiB and up
    found, false = bench.match([(4096, 16384), (256, 1024)], bench.truth_in_subset(changes, even))
    assert found == ["256|512"] and false == [(4096, 16384)]


def test_bad_truth_entry_names_the_file_and_series(bench, tmp_path):
    bad = tmp_path / "truth.json"
    bad.write_text('{"series": [{"id": "s", "file": "x.txt", "changes": [{"between": [8, 4], "kind": "main"}]}]}')
    with pytest.raises(bench.BadInput, match=r"truth.json: series 's': change 8\|4"):
        bench.load_truth(bad)


def test_classic_finds_the_change_of_extrap_own_test_input(bench):
    truth, = bench.all_truth(patterns=["extrap/segmented_2"])
    classic, = bench.score_series(truth, modelers=["segmented-classic"])
    assert classic.reported == [(20, 24)]
    assert classic.found == ["20|24"] and classic.main_found == 1 and classic.false == []


def test_real_sweep_is_read_and_every_reported_change_counted_once(bench):
    truth, = bench.all_truth(patterns=["mpi/idle/pingpong_2"])
    classic, = bench.score_series(truth, modelers=["segmented-classic"], subsets=["full"])
    assert len(classic.sizes) == 23 and classic.sizes[0] == 1 and classic.sizes[-1] == 2 ** 22
    assert (classic.main_total, classic.minor_total) == (2, 2)
    assert len(classic.found) + len(classic.false) == len(classic.reported)
    assert all(a <= b and a in classic.sizes and b in classic.sizes for a, b in classic.reported)
    assert classic.seconds > 0


def test_subset_files_keep_sizes_above_a_million_exact(bench, tmp_path):
    path = tmp_path / "s.txt"
    sizes = [2.0 ** 20, 2.0 ** 21 + 0.5]
    bench.write_text(path, sizes, [[1.0, 1.1], [2.0, 2.1]], "k", "time")
    (key, (read, values)), = bench.read_kernels(path).items()
    assert read == sizes and key == ("k", "time")


def test_no_matching_series_is_bad_input_exit_2(bench, capsys):
    assert bench.main(["--series", "no/such/series", "--no-plots", "--no-markdown"]) == 2
    assert "no series matches ['no/such/series']" in capsys.readouterr().err


@pytest.mark.parametrize("folder", ["real", "real_holdout", "real_third", "real_fourth", "real_fifth", "real_sixth",
                                    "real_seventh", "real_eighth", "real_ninth", "real_tenth", "real_eleventh",
                                    "real_twelfth", "real_thirteenth", "real_fourteenth",
                                    "real_fifteenth", "real_sixteenth", "real_seventeenth", "real_eighteenth",
                                    "real_nineteenth", "real_twentieth", "real_twentyfirst", "real_twentysecond",
                                    "real_twentythird", "real_twentyfourth", "real_twentyfifth",
                                    "real_twentysixth", "real_twentyseventh", "real_twentyeighth",
                                    "real_twentyninth", "real_thirtieth", "real_thirtyfirst",
                                    "real_thirtysecond", "real_thirtythird", "real_thirtyfourth",
                                    "real_thirtyfifth", "real_thirtysixth", "real_thirtyseventh",
                                    "real_thirtyeighth", "real_thirtyninth", "real_fortieth",
                                    "real_fortyfirst", "real_fortysecond", "real_fortythird",
                                    "real_fortyfourth", "real_fortyfifth", "real_fortysixth",
                                    "real_fortyseventh", "real_fortyeighth", "real_fortyninth",
                                    "real_fiftieth", "real_fiftyfirst"])
def test_every_truth_interval_ends_at_measured_sizes_of_its_series(bench, folder):
    # a change is scored between two measured sizes: an end that is not a size of the series
    # (a typo, or a size of another grid) would widen or shift the interval silently
    series = bench.load_truth(REPO_ROOT / "fixtures" / folder / "truth.json")
    assert series
    wrong = []
    for truth in series:
        kernels = bench.read_kernels(truth.path, keep_values=False)
        sizes = set(kernels[bench.select_kernel(truth, kernels)][0])
        wrong += [(truth.id, change.label) for change in truth.changes
                  if change.low not in sizes or change.high not in sizes]
    assert wrong == []


def test_truth_option_scores_the_held_back_set_and_targets_name_it(bench, tmp_path, capsys):
    markdown = tmp_path / "hold.md"
    code = bench.main(["--truth", str(REPO_ROOT / "fixtures" / "real_holdout" / "truth.json"),
                       "--series", "mpi/hold/pingpong_eager16k_2", "--modelers", "segmented",
                       "--subsets", "full", "--no-plots", "--markdown", str(markdown)])
    assert code == 0
    text = markdown.read_text()
    assert "mpi/hold/pingpong_eager16k_2" in text and "real_holdout: full" in text
    assert "segmented on real_holdout (all subsets): main found" in capsys.readouterr().out


def test_missing_truth_file_is_bad_input_exit_2(bench, tmp_path, capsys):
    assert bench.main(["--truth", str(tmp_path / "none.json"), "--no-plots", "--no-markdown"]) == 2
    assert "--truth: no such file" in capsys.readouterr().err
