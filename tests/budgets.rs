//! `--memory` on every command that takes it (issue 12, "Build" §3): under a small budget each
//! ends in "unknown" (exit 3) or a size diagnostic (exit 2), as docs/limits.md lists, and
//! answers under a budget that fits. Deterministic: no `--timeout` (0, no deadline) wherever
//! the budget that stops the command is memory, so the outcome never depends on the
//! machine's speed or load.

use crate::run::{
    assert_exit, assert_stderr_has, complete_uvg, georeduce, georeduce_within, path_str, stderr,
    stdout, write_ring_cover,
};
use std::path::Path;

/// A random directed vertex geography on `n` vertices with out-degree `degree` (a fixed
/// linear congruential generator, so the same game every run): at n = 90, degree 3, no
/// search finishes in minutes, and its 3.6 KB fit the 10 KB input cap of `--memory 1`.
fn hard_dvg(n: usize, degree: usize) -> String {
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |bound: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) % bound as u64) as usize
    };
    let mut edges = Vec::new();
    for u in 0..n {
        let mut heads: Vec<usize> = Vec::new();
        while heads.len() < degree {
            let v = next(n);
            if v != u && !heads.contains(&v) {
                heads.push(v);
            }
        }
        edges.extend(heads.into_iter().map(|v| format!("v{u} -> v{v}")));
    }
    let vertices: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    format!(
        "geography {{\n  directed vertex geography\n  tokens: one at v0\n  vertices {}\n  edges {}\n}}\n",
        vertices.join(" "),
        edges.join(", ")
    )
}

/// The largest `--memory` (2^44 MB, 2^64 bytes: `usize::MAX` once converted) is a budget like
/// any other: every command that sizes a table from it answers. Sizing the exhaustive
/// search's memo from it used to overflow and loop forever (`solve`, `--every-start`,
/// `--threads 2`, `verify --by search`, `certify`, `render --play`, `check`).
#[test]
fn the_largest_memory_budget_answers() {
    let max = "17592186044416";
    let runs: [&[&str]; 7] = [
        &["solve", "examples/games/dvg.geo"],
        &["solve", "examples/games/dvg.geo", "--threads", "2"],
        &["solve", "examples/games/dvg.geo", "--every-start"],
        &[
            "verify",
            "examples/fraenkel-simonson.qbf",
            "--to",
            "pvg",
            "--by",
            "search",
        ],
        &["certify", "examples/games/dvg.geo", "--strategy", "-o", "-"],
        &["render", "examples/games/dvg.geo", "--play", "-o", "-"],
        &["check", "--via", "qbf-pvg", "--cases", "5", "-q"],
    ];
    for args in runs {
        let args = [args, &["--memory", max]].concat();
        let o = georeduce_within(60, &args);
        assert_exit(&o, 0);
    }
}

#[test]
fn solve_by_proof_numbers_is_unknown_when_its_table_is_full() {
    // The exhaustive search evicts and goes on under any budget; the proof-number search
    // stops with "unknown" once its table is full.
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("dvg90.geo");
    std::fs::write(&game, hard_dvg(90, 3)).unwrap();
    let solve = |memory: &str| {
        georeduce(&[
            "solve",
            path_str(&game),
            "--method",
            "dfpn",
            "--timeout",
            "0",
            "--memory",
            memory,
        ])
    };
    let o = solve("1");
    assert_exit(&o, 3);
    assert!(stdout(&o).starts_with("answer:  unknown"), "{}", stdout(&o));
}

#[test]
fn solve_refuses_an_input_over_the_cap_of_its_budget() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("big.geo");
    // 20 KB: over the 10 KB input cap of 1 MB, under that of 2 MB.
    std::fs::write(&game, hard_dvg(500, 2)).unwrap();
    let o = georeduce(&["solve", path_str(&game), "--memory", "1"]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "cli::input_too_large");
}

#[test]
fn certify_is_unknown_when_the_certificate_does_not_fit() {
    // A QBF's certificate (a Skolem table) is small; a game's strategy of K_9 is not.
    let dir = tempfile::tempdir().unwrap();
    let k9 = dir.path().join("k9.geo");
    std::fs::write(&k9, complete_uvg(9)).unwrap();
    let out = dir.path().join("cert.json");
    let certify = |memory: &str| {
        georeduce(&[
            "certify",
            path_str(&k9),
            "--strategy",
            "--timeout",
            "0",
            "--memory",
            memory,
            "-o",
            path_str(&out),
        ])
    };
    let o = certify("1");
    assert_exit(&o, 3);
    assert!(
        stdout(&o).contains("certificate: not written"),
        "{}",
        stdout(&o)
    );
    assert!(!out.exists());
    assert_exit(&certify("64"), 0);
    assert!(out.exists());
}

#[test]
fn verify_by_certificate_is_unknown_when_the_walks_do_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let q = dir.path().join("q4.qbf");
    let o = georeduce(&[
        "create",
        "qbf",
        "--size",
        "4",
        "--seed",
        "1",
        "-o",
        path_str(&q),
    ]);
    assert_exit(&o, 0);
    let verify = |memory: &str| {
        georeduce(&[
            "verify",
            path_str(&q),
            "--to",
            "misere-uvg",
            "--by",
            "certificate",
            "--timeout",
            "0",
            "--memory",
            memory,
        ])
    };
    let o = verify("1");
    assert_exit(&o, 3);
    assert!(stdout(&o).contains("certify::too_large"), "{}", stdout(&o));
    assert_exit(&verify("16"), 0);
}

#[test]
fn verify_refuses_a_chain_over_its_budget_before_building_it() {
    // A 300-vertex vertex cover (6 KB) whose PVG has tens of thousands of edges: the chain's
    // size formula is over 1 MB, so verify stops before compiling (as compile does).
    let dir = tempfile::tempdir().unwrap();
    let cover = dir.path().join("cover.geo");
    write_ring_cover(&cover, 300, 150);
    for command in ["verify", "render"] {
        let mut args = vec![command, path_str(&cover), "--to", "pvg", "--memory", "1"];
        if command == "render" {
            args.extend(["-o", "-"]);
        }
        let o = georeduce(&args);
        assert_exit(&o, 2);
        assert_stderr_has(&o, "cli::output_too_large");
        assert_stderr_has(&o, "would build");
    }
}

#[test]
fn compile_to_dot_counts_the_drawing() {
    // vertex cover → PVG: the DSL fits in 4 MB, the DOT drawing (several times the
    // instance) does not.
    let dir = tempfile::tempdir().unwrap();
    let cover = dir.path().join("cover.geo");
    write_ring_cover(&cover, 150, 75);
    let compile = |format: &str, memory: &str| {
        georeduce(&[
            "compile",
            path_str(&cover),
            "--to",
            "pvg",
            "--format",
            format,
            "--memory",
            memory,
        ])
    };
    assert_exit(&compile("dsl", "4"), 0);
    let o = compile("dot", "4");
    assert_exit(&o, 2);
    assert_stderr_has(&o, "cli::output_too_large");
    assert_stderr_has(&o, "as DOT");
    assert_exit(&compile("dot", "64"), 0);
}

#[test]
fn check_cert_refuses_a_certificate_whose_parsed_form_would_not_fit() {
    // K_12's strategy (153 KB indented, 64 KB on one line): refused before parsing under
    // 1 MB, parsed but its walk over what is left under 2 MB, checked under 16 MB. The
    // estimate counts the bytes that are not whitespace, so both texts fare alike from 2 MB.
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("k12.geo");
    std::fs::write(&game, complete_uvg(12)).unwrap();
    let pretty = dir.path().join("pretty.json");
    let o = georeduce(&[
        "certify",
        path_str(&game),
        "--strategy",
        "-o",
        path_str(&pretty),
    ]);
    assert_exit(&o, 0);
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&pretty).unwrap()).unwrap();
    let compact = dir.path().join("compact.json");
    std::fs::write(&compact, value.to_string()).unwrap();
    let check = |cert: &Path, memory: &str| {
        georeduce(&[
            "check-cert",
            "--timeout",
            "0",
            "--memory",
            memory,
            path_str(&game),
            path_str(cert),
        ])
    };
    let o = check(&pretty, "1");
    assert_exit(&o, 2);
    assert_stderr_has(&o, "cli::input_too_large");
    assert_stderr_has(&o, "once parsed");
    for cert in [&pretty, &compact] {
        let o = check(cert, "2");
        assert_exit(&o, 3);
        assert!(stdout(&o).starts_with("undecided"), "{}", stdout(&o));
        assert_exit(&check(cert, "16"), 0);
    }
}

#[test]
fn a_whole_file_label_on_a_file_with_a_long_line_is_drawn() {
    // A solver's refusal labels the whole file; a generated game's `vertices` line is longer
    // than the 512 bytes a snippet draws whole. miette printed "Failed to read contents for
    // label" instead of a snippet.
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("dvg90.geo");
    std::fs::write(&game, hard_dvg(90, 3)).unwrap();
    let o = georeduce(&["solve", path_str(&game), "--method", "race"]);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "solvers::refused");
    assert!(
        !stderr(&o).contains("Failed to read contents"),
        "{}",
        stderr(&o)
    );
    assert_stderr_has(&o, "here");
}

#[test]
fn render_counts_the_drawing_and_caps_the_hulls() {
    // dvg → NimG of a 100-vertex DVG (71 KB): 22,972 vertices, 28,590 arcs and 5,718 arc
    // gadgets, each drawn with a dashed hull. Under 16 MB the figure does not fit, under
    // 64 MB its DOT text does not; under 128 MB the DOT is written, with every hull a
    // rectangle (4 corners) and a caption that says so; SVG needs room for graphviz too.
    // Deterministic: the estimates depend on the figure alone, and graphviz is never run
    // when it does not fit.
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("dvg100.geo");
    let o = georeduce(&[
        "create",
        "dvg",
        "--size",
        "100",
        "--seed",
        "1",
        "-o",
        path_str(&game),
    ]);
    assert_exit(&o, 0);
    let render = |memory: &str, out: &Path| {
        georeduce(&[
            "render",
            path_str(&game),
            "--via",
            "dvg-nimg",
            "--memory",
            memory,
            "--timeout",
            "0",
            "-o",
            path_str(out),
        ])
    };
    let dot = dir.path().join("nimg.dot");
    for (memory, stage) in [("16", "(the figure:"), ("64", "(the DOT text:")] {
        let o = render(memory, &dot);
        assert_exit(&o, 2);
        assert_stderr_has(&o, "render::too_large");
        assert!(
            stderr(&o)
                .replace('\n', " ")
                .replace("  │ ", "")
                .contains(stage),
            "{}",
            stderr(&o)
        );
        assert!(!dot.exists());
    }
    let svg = dir.path().join("nimg.svg");
    let o = render("128", &svg);
    assert_exit(&o, 2);
    assert_stderr_has(&o, "graphviz");
    assert!(!svg.exists());
    assert_exit(&render("128", &dot), 0);
    let text = std::fs::read_to_string(&dot).unwrap();
    assert!(text.contains("5718 dashed gadget outlines"), "no hull note");
    // Every hull has 4 corners: outline K's corners are `outlineK_0` … `outlineK_3`.
    assert!(text.contains("\"outline0_3\" ["), "no rectangle");
    assert!(
        !text.contains("\"outline0_4\" ["),
        "a hull of more than 4 corners"
    );
    // The rectangles keep the DOT small: 2.1 GB at 1,000 vertices had come from the hulls.
    assert!(text.len() < 8_000_000, "{} bytes", text.len());
}

/// Heap bytes allocated by this thread, as the system allocator holds them (a chunk header
/// and 16-byte rounding, at least 32 bytes: glibc's malloc), and their peak since the last
/// [`thread_heap::reset`]. The whole test binary allocates through it; only the thread that
/// asks reads its counters, so tests running side by side do not disturb each other.
mod thread_heap {
    use std::alloc::{GlobalAlloc, Layout, System};
    use std::cell::Cell;

    thread_local! {
        static NOW: Cell<isize> = const { Cell::new(0) };
        static PEAK: Cell<isize> = const { Cell::new(0) };
    }

    /// The system allocator, counting.
    pub struct Counting;

    fn chunk(size: usize) -> isize {
        ((size + 8 + 15) & !15).max(32) as isize
    }

    fn add(delta: isize) {
        let _ = NOW.try_with(|now| {
            let v = now.get() + delta;
            now.set(v);
            let _ = PEAK.try_with(|peak| peak.set(peak.get().max(v)));
        });
    }

    // SAFETY: every call is forwarded to `System` unchanged; the counters are const-initialised
    // thread-locals without destructors, so touching them never allocates.
    unsafe impl GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            // SAFETY: the caller's contract is `System.alloc`'s.
            let p = unsafe { System.alloc(layout) };
            if !p.is_null() {
                add(chunk(layout.size()));
            }
            p
        }
        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            // SAFETY: as for `alloc`.
            let p = unsafe { System.alloc_zeroed(layout) };
            if !p.is_null() {
                add(chunk(layout.size()));
            }
            p
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            // SAFETY: as for `alloc`.
            unsafe { System.dealloc(ptr, layout) };
            add(-chunk(layout.size()));
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            // SAFETY: as for `alloc`.
            let p = unsafe { System.realloc(ptr, layout, new_size) };
            if !p.is_null() {
                add(chunk(new_size) - chunk(layout.size()));
            }
            p
        }
    }

    /// Starts counting this thread's peak from what it holds now.
    pub fn reset() {
        NOW.with(|n| PEAK.with(|p| p.set(n.get())));
    }

    /// This thread's peak since [`reset`], above what it held at the reset.
    pub fn peak_since(base: isize) -> usize {
        PEAK.with(|p| (p.get() - base).max(0) as usize)
    }

    /// What this thread holds now.
    pub fn now() -> isize {
        NOW.with(|n| n.get())
    }
}

#[global_allocator]
static HEAP: thread_heap::Counting = thread_heap::Counting;

/// `verify`'s certificate path (`verify::chain`) counts what its walks and the certificates it
/// carries hold: on the chain qbf → dvg → misère UVG (the one whose images grew to 2.4× the
/// budget), under budgets from one where the walks stop early to one where every image is
/// accepted, the heap it allocates (measured by the allocator, the source's certification
/// included) stays within the budget. Deterministic: no deadline, and the outcome depends
/// on the budget alone.
#[test]
fn walk_bytes_per_item_bound_the_real_allocation() {
    use georeduce::problems::Instance;
    use georeduce::solvers::Budget;
    use georeduce::solvers::dispatch::solve_instance;
    use georeduce::verify::chain::{BYTES_PER_WALK_ITEM, carry_forward};
    use georeduce::verify::round_trip::CertFate;

    // What the path holds whatever the budget: the boards of the walks, the forward map's
    // oracle and gadget tables, the walks' stacks (measured: 0.5–0.9 MB on these chains).
    const FIXED: usize = 2 << 20;
    let chain = georeduce::reductions::chain::parse_via("qbf-dvg,dvg-misere-uvg").unwrap();
    let (mut fitted, mut stopped) = (0, 0);
    for (size, seed) in [(4, 1), (8, 1), (12, 1), (14, 3)] {
        let size = size.to_string();
        let seed = seed.to_string();
        let text = stdout(&georeduce(&[
            "create", "qbf", "--size", &size, "--seed", &seed,
        ]));
        let source = georeduce::lang::parse_str("q.qbf", &text).unwrap().instance;
        let reduced = georeduce::reductions::chain::apply(&chain, &source).unwrap();
        let instances: Vec<&Instance> = std::iter::once(&source)
            .chain(reduced.iter().map(|r| &r.target))
            .collect();
        let solution = solve_instance(&source, &Budget::unlimited()).unwrap();
        for memory in [1usize << 20, 4 << 20, 16 << 20, 64 << 20] {
            let budget = Budget {
                max_memory: Some(memory),
                ..Budget::unlimited()
            };
            let base = thread_heap::now();
            thread_heap::reset();
            let carried = carry_forward(&chain, &instances, &solution, &budget);
            let peak = thread_heap::peak_since(base);
            let last = &carried.images.last().unwrap().0;
            let work = match last {
                CertFate::Accepted { work, .. } => {
                    fitted += 1;
                    *work
                }
                _ => {
                    stopped += 1;
                    0
                }
            };
            eprintln!(
                "qbf {size} (seed {seed}), --memory {} MiB: peak {peak} B, {:.0} B per item of \
                 the limit, last image {work} items ({last:?})",
                memory >> 20,
                peak as f64 / (memory / BYTES_PER_WALK_ITEM) as f64,
            );
            assert!(
                peak <= memory + FIXED,
                "qbf {size} seed {seed}: {peak} bytes allocated under a budget of {memory}"
            );
        }
    }
    // The budgets range from too small to enough: both outcomes occur.
    assert!(
        fitted > 0 && stopped > 0,
        "{fitted} fitted, {stopped} stopped"
    );
}

/// What `render` charges to `--memory` for each stage of a drawing (`render::budget`: the
/// figure from the instance's size, the scene from the figure, the text from the scene, and
/// `compile --format dot`'s plain DOT) bounds the heap that stage allocates, measured by
/// the counting allocator: every reduction's figure on random instances of a few sizes,
/// under the options that change what is drawn, in DOT and TikZ; and the two large arc-gadget
/// figures whose hulls are simplified and dropped.
#[test]
fn drawing_estimates_bound_the_real_allocation() {
    use georeduce::problems::Instance;
    use georeduce::render::budget::{
        HullPlan, figure_estimate, plain_dot_estimate, scene_estimate, text_estimate,
    };
    use georeduce::render::pipeline::figure_of;
    use georeduce::render::tikz::{self, TikzOptions};
    use georeduce::render::{Options, Scene, slide_dot, to_dot};

    let size_of = |i: &Instance| i.graph().map_or((0, 0), |g| (g.n(), g.m()));
    // (stage, reduction, instance size): the peak over its estimate, worst first.
    let mut worst: Vec<(f64, String)> = Vec::new();
    let mut over: Vec<String> = Vec::new();
    let mut check = |stage: &str, what: &str, peak: usize, estimate: usize| {
        if peak > estimate {
            over.push(format!(
                "{what}: {stage} allocated {peak} bytes, over its estimate of {estimate}"
            ));
        }
        worst.push((peak as f64 / estimate as f64, format!("{stage} of {what}")));
    };
    let mut cases: Vec<(
        &'static dyn georeduce::reductions::Reduction,
        String,
        String,
    )> = Vec::new();
    for r in georeduce::reductions::all() {
        for (size, seed) in [(3, 1), (6, 2), (12, 3)] {
            cases.push((r, size.to_string(), seed.to_string()));
        }
    }
    let nimg = georeduce::reductions::by_id("dvg-nimg").unwrap();
    // 5,718 arcs: hulls drawn as rectangles; 26,060 arcs: hulls dropped.
    cases.push((nimg, "100".into(), "1".into()));
    cases.push((nimg, "300".into(), "1".into()));
    let mut plans = Vec::new();
    for (r, size, seed) in cases {
        let kind = r.info().source.name();
        let text = stdout(&georeduce(&[
            "create", kind, "--size", &size, "--seed", &seed,
        ]));
        let Ok(parsed) = georeduce::lang::parse_str("in", &text) else {
            continue;
        };
        let source = parsed.instance;
        let Ok(reduced) = georeduce::reductions::chain::apply(&[r], &source) else {
            continue;
        };
        let what = format!("{} on {kind} --size {size} --seed {seed}", r.info().id);
        let (n, m) = size_of(&reduced[0].target);
        let base = thread_heap::now();
        thread_heap::reset();
        let Ok(fig) = figure_of(&source, &[r], &reduced) else {
            continue;
        };
        check(
            "the figure",
            &what,
            thread_heap::peak_since(base),
            figure_estimate(n, m),
        );
        plans.push(HullPlan::of(&fig));
        let large = fig.nodes.len() > 10_000;
        let options = [
            Options::default(),
            Options {
                names: true,
                ..Options::default()
            },
            Options {
                compact: true,
                ..Options::default()
            },
            Options {
                mono: true,
                highlight: fig.gadgets.first().map(|g| g.name.clone()),
                play: (0..fig.edges.len().min(6))
                    .map(|k| georeduce::render::PlayedMove {
                        edge: Some(k),
                        to: fig.edges[k].to,
                        player: (k % 2) as u8,
                    })
                    .collect(),
                title: Some("a title".into()),
                ..Options::default()
            },
        ];
        for opts in options.iter().take(if large { 1 } else { 4 }) {
            let base = thread_heap::now();
            thread_heap::reset();
            let scene = Scene::new(&fig, opts);
            let estimate = scene_estimate(&fig, opts, HullPlan::of(&fig));
            check("the scene", &what, thread_heap::peak_since(base), estimate);
            let base = thread_heap::now();
            thread_heap::reset();
            let dot = slide_dot::write(&scene);
            check(
                "the DOT",
                &what,
                thread_heap::peak_since(base),
                text_estimate(&scene),
            );
            drop(dot);
            let base = thread_heap::now();
            thread_heap::reset();
            let tex = tikz::write(
                &scene,
                TikzOptions {
                    standalone: true,
                    beamer_steps: true,
                },
            );
            check(
                "the TikZ",
                &what,
                thread_heap::peak_since(base),
                text_estimate(&scene),
            );
            drop(tex);
        }
        let target = &reduced[0].target;
        if target.graph().is_some() {
            let base = thread_heap::now();
            thread_heap::reset();
            let plain = to_dot(target, "t").unwrap();
            check(
                "the plain DOT",
                &what,
                thread_heap::peak_since(base),
                plain_dot_estimate(n, m),
            );
            drop(plain);
        }
    }
    assert!(over.is_empty(), "{}", over.join("\n"));
    worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    for stage in [
        "the figure",
        "the scene",
        "the DOT",
        "the TikZ",
        "the plain DOT",
    ] {
        let of_stage: Vec<&(f64, String)> = worst
            .iter()
            .filter(|w| w.1.starts_with(&format!("{stage} of")))
            .collect();
        if let (Some(hi), Some(lo)) = (of_stage.first(), of_stage.last()) {
            eprintln!(
                "{stage}: {:.2}–{:.2} of the estimate (most: {})",
                lo.0, hi.0, hi.1
            );
        }
    }
    // The large cases reached both caps on the hulls.
    assert!(
        plans
            .iter()
            .any(|p| matches!(p, HullPlan::Rectangles { .. })),
        "{plans:?}"
    );
    assert!(
        plans.iter().any(|p| matches!(p, HullPlan::Dropped { .. })),
        "{plans:?}"
    );
}
