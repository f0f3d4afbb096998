//! Undirected edge geography (UEG) on bipartite graphs by linear algebra over GF(2).
//!
//! Source: Fraenkel, Scheinerman, Ullman, "Undirected edge geography" (TCS 112, 1993), as
//! presented in `shared/papers/001` ("UEG on a matrix" theorem and corollaries). Let `M` be
//! the bipartite adjacency matrix of the unused edges (rows: one side, columns: the other);
//! a vertex's *line* is its row or column. With the token on `x`, the player to move loses
//! iff `x`'s line is in the GF(2) span of the other lines parallel to it (the empty sum
//! counts: a vertex with no unused edge has the zero line).
//!
//! Unrooted games follow the papers: player I places the token on a vertex and player II
//! moves first from it, so player II wins iff every line is independent of its parallels,
//! i.e. iff `M` is square and invertible over GF(2) (the slides' last corollary).
//!
//! **One elimination answers every vertex.** Gauss–Jordan elimination of `[M | I]` gives
//! `E·M = R` with `R` in reduced row echelon form (rank `r`, pivot columns `p_k`) and `E`
//! invertible. Row `i` is in the span of the other rows iff some left-kernel vector of `M`
//! has a 1 at `i`; the rows `r..` of `E` are a basis of the left kernel, so row `i` is
//! dependent iff one of them has bit `i`. Column `j` is dependent iff some right-kernel
//! vector has a 1 at `j`; the right kernel is spanned by one vector per free column `f`
//! (1 at `f`, `R_k[f]` at `p_k`), so a free column is dependent and the pivot column `p_k`
//! is dependent iff `R_k` has a bit in a free column.
//!
//! **Winning moves from the same elimination** (the theorem's proof): a row `x` independent
//! of the others means `e_x` is a combination `Σ b_j c_j` of columns; some `j` has `b_j = 1`
//! and `M[x][j] = 1`, and moving along `x–j` leaves column `j` equal to `Σ_{i≠j} b_i c_i`,
//! dependent, so the opponent loses. `b` solves `R b = E e_x`: `b_{p_k} = E[k][x]`, free
//! entries 0. For a column `x = p_k`, the row combination is row `k` of `E`.
//!
//! The matrix is bit-packed (64 columns per `u64`), and row operations are word XORs. A line
//! of play costs one elimination per move, so [`solve_gf2`] gives only the winner and a
//! winning first move; [`gf2_line`] plays the whole line when asked (`solve --strategy`).

use super::state::{Game, NONE, State};
use super::{GameSolution, check_valid};
use crate::problems::geography::{Convention, Geography, Move, Rule, Tokens};
use crate::solvers::{Budget, BudgetExceeded, SolveError, Stats, Winner};
use std::time::Instant;

/// Largest biadjacency matrix (both copies, in bytes) the solver builds without an explicit
/// memory budget.
pub const MAX_MATRIX_BYTES: usize = 1 << 30;

/// The cheap part of the applicability test: undirected edge geography, one token, normal
/// play (the graph must also be simple and bipartite).
fn rules_fit(g: &Geography) -> bool {
    !g.graph.directed
        && g.rule == Rule::Edge
        && matches!(g.tokens, Tokens::One { .. })
        && g.convention == Convention::Normal
}

/// [`solve_gf2`] when the method applies, `None` when it does not (not bipartite, parallel
/// edges, or matrices over the memory budget), preparing the game only once: what
/// `Method::Auto` uses.
pub(crate) fn solve_if_applies(
    g: &Geography,
    budget: &Budget,
) -> Option<Result<GameSolution, SolveError>> {
    if !rules_fit(g) {
        return None;
    }
    let started = Instant::now();
    let gf2 = Gf2::new(g, budget).ok()?;
    Some((gf2.solve(started, budget)).map_err(|e| e.or_tableless_since(started)))
}

/// A 2-colouring of the graph: side of every vertex and its index within its side.
struct Sides {
    side: Vec<u8>,
    index: Vec<usize>,
    count: [usize; 2],
}

impl Sides {
    /// The colouring (each component's lowest vertex on side 0), or `None` when the graph is
    /// not bipartite (a loop included).
    fn of(g: &Geography) -> Option<Sides> {
        let n = g.graph.n();
        // Union–find with parities over the edges, in one sequential pass (no adjacency
        // lists): `parity[v]` is v's side relative to its parent.
        let mut parent: Vec<u32> = (0..n as u32).collect();
        let mut parity = vec![0u8; n];
        fn root(parent: &mut [u32], parity: &mut [u8], v: usize) -> (usize, u8) {
            let mut r = v;
            let mut p = 0;
            while parent[r] as usize != r {
                p ^= parity[r];
                r = parent[r] as usize;
            }
            // Path compression, keeping each vertex's parity to the root.
            let (mut x, mut px) = (v, p);
            while parent[x] as usize != r {
                let next = parent[x] as usize;
                let pnext = px ^ parity[x];
                parent[x] = r as u32;
                parity[x] = px;
                x = next;
                px = pnext;
            }
            (r, p)
        }
        for &(u, v) in &g.graph.edges {
            let (ru, pu) = root(&mut parent, &mut parity, u);
            let (rv, pv) = root(&mut parent, &mut parity, v);
            if ru == rv {
                if pu == pv {
                    return None; // An odd cycle (or a loop).
                }
            } else {
                // Hang the higher-numbered root below the lower one, so that each
                // component's lowest vertex stays a root and lands on side 0.
                let (hi, lo) = if ru > rv { (ru, rv) } else { (rv, ru) };
                parent[hi] = lo as u32;
                parity[hi] = pu ^ pv ^ 1;
            }
        }
        let side: Vec<u8> = (0..n)
            .map(|v| root(&mut parent, &mut parity, v).1)
            .collect();
        let mut count = [0; 2];
        let index = side
            .iter()
            .map(|&s| {
                count[s as usize] += 1;
                count[s as usize] - 1
            })
            .collect();
        Some(Sides { side, index, count })
    }

    /// (row, column) of the edge `u–v`.
    #[inline]
    fn cell(&self, u: usize, v: usize) -> (usize, usize) {
        if self.side[u] == 0 {
            (self.index[u], self.index[v])
        } else {
            (self.index[v], self.index[u])
        }
    }

    /// Bytes of the two matrices the elimination holds (`[M | I]` and a copy of `M`).
    fn matrix_bytes(&self) -> usize {
        let (p, q) = (self.count[0], self.count[1]);
        p.saturating_mul(q.div_ceil(64) * 2 + p.div_ceil(64))
            .saturating_mul(8)
    }
}

/// Whether two edges join the same pair: through a dense bit matrix when it is small, else
/// the graph's own check.
fn has_duplicate(g: &Geography, sd: &Sides) -> bool {
    if sd.matrix_bytes() > MAX_MATRIX_BYTES {
        return g.graph.first_duplicate_edge().is_some();
    }
    let mut seen = BitMatrix::zeros(sd.count[0], sd.count[1]);
    g.graph.edges.iter().any(|&(u, v)| {
        let (r, c) = sd.cell(u, v);
        let dup = seen.get(r, c);
        seen.set(r, c);
        dup
    })
}

/// A dense GF(2) matrix, row-major, 64 columns per word.
#[derive(Clone)]
struct BitMatrix {
    words: usize,
    data: Vec<u64>,
}

impl BitMatrix {
    fn zeros(rows: usize, cols: usize) -> BitMatrix {
        let words = cols.div_ceil(64);
        BitMatrix {
            words,
            data: vec![0; rows * words],
        }
    }

    #[inline]
    fn get(&self, r: usize, c: usize) -> bool {
        self.data[r * self.words + c / 64] >> (c % 64) & 1 == 1
    }

    #[inline]
    fn set(&mut self, r: usize, c: usize) {
        self.data[r * self.words + c / 64] |= 1 << (c % 64);
    }

    #[inline]
    fn row(&self, r: usize) -> &[u64] {
        &self.data[r * self.words..(r + 1) * self.words]
    }
}

/// One block of Gauss–Jordan elimination: the (up to 64) pivots among the columns of
/// `R`-word `w`, found on one-word projections of the rows below the current rank, then
/// applied to every other row in a single pass (each row is loaded once per block instead of
/// once per pivot, which is what makes the elimination memory-cheap). Rows `..rank` are the
/// earlier pivot rows; on return the new pivot rows follow them, fully reduced, and
/// `pivots` holds their columns.
fn eliminate_word(aug: &mut BitMatrix, p: usize, w: usize, pivots: &mut Vec<usize>) {
    let width = aug.words;
    let rank = pivots.len();
    // Phase 1: Gaussian elimination on the projections (word `w`) of rows rank..p. `red[i]`
    // is row i's projection plus the pivot rows in `comb[i]` (a mask over block pivots).
    let mut red: Vec<u64> = (rank..p).map(|i| aug.data[i * width + w]).collect();
    let mut comb = vec![0u64; p - rank];
    let mut is_pivot = vec![false; p - rank];
    let mut block: Vec<(usize, u32)> = Vec::new(); // (row offset from rank, column bit)
    for bit in 0..64u32 {
        let mask = 1u64 << bit;
        let Some(r) = (0..p - rank).find(|&i| !is_pivot[i] && red[i] & mask != 0) else {
            continue;
        };
        let t = block.len();
        is_pivot[r] = true;
        let (pr, pc) = (red[r], comb[r]);
        for j in 0..p - rank {
            if j != r && red[j] & mask != 0 {
                red[j] ^= pr;
                comb[j] ^= pc ^ (1 << t);
            }
        }
        block.push((r, bit));
    }
    if block.is_empty() {
        return;
    }
    // The full pivot rows: each original pivot row plus the earlier pivot rows its
    // projection was reduced by, then reduced against the later ones (back substitution),
    // so that pivot t has a 1 at its own column and 0 at every other block pivot column.
    let t_count = block.len();
    let mut full = vec![0u64; t_count * width];
    for (t, &(r, _)) in block.iter().enumerate() {
        let row = rank + r;
        full[t * width..(t + 1) * width].copy_from_slice(&aug.data[row * width..(row + 1) * width]);
        let mut c = comb[r];
        while c != 0 {
            let s = c.trailing_zeros() as usize;
            c &= c - 1;
            let src = (rank + block[s].0) * width;
            for k in w..width {
                full[t * width + k] ^= aug.data[src + k];
            }
        }
    }
    for t in (0..t_count).rev() {
        for (s, &(_, bit)) in block.iter().enumerate().skip(t + 1) {
            if full[t * width + w] >> bit & 1 == 1 {
                let (lo, hi) = full.split_at_mut(s * width);
                lo[t * width + w..(t + 1) * width]
                    .iter_mut()
                    .zip(&hi[w..width])
                    .for_each(|(a, b)| *a ^= b);
            }
        }
    }
    // Phase 2: clear the block's pivot columns from every other row, reading which pivots
    // apply from the row's own word `w` (the pivot rows are mutually reduced, so the bits
    // at pivot columns select them independently).
    let pivot_bits: u64 = block.iter().fold(0, |m, &(_, b)| m | 1 << b);
    let bit_to_t: Vec<u8> = {
        let mut v = vec![0u8; 64];
        for (t, &(_, b)) in block.iter().enumerate() {
            v[b as usize] = t as u8;
        }
        v
    };
    let pivot_rows: Vec<usize> = block.iter().map(|&(r, _)| rank + r).collect();
    let mut in_block = vec![false; p];
    for &r in &pivot_rows {
        in_block[r] = true;
    }
    for (i, row) in aug.data.chunks_exact_mut(width).enumerate() {
        if in_block[i] {
            continue;
        }
        let mut sel = row[w] & pivot_bits;
        while sel != 0 {
            let t = bit_to_t[sel.trailing_zeros() as usize] as usize;
            sel &= sel - 1;
            row[w..]
                .iter_mut()
                .zip(&full[t * width + w..(t + 1) * width])
                .for_each(|(a, b)| *a ^= b);
        }
    }
    // Move the pivot rows to rank..rank+t_count: the other rows found there take the places
    // the pivot rows leave.
    let displaced: Vec<usize> = (rank..rank + t_count).filter(|&i| !in_block[i]).collect();
    let vacated: Vec<usize> = pivot_rows
        .iter()
        .copied()
        .filter(|&r| r >= rank + t_count)
        .collect();
    for (&from, &to) in displaced.iter().zip(&vacated) {
        aug.data
            .copy_within(from * width..(from + 1) * width, to * width);
    }
    for t in 0..t_count {
        let at = (rank + t) * width;
        aug.data[at..at + width].copy_from_slice(&full[t * width..(t + 1) * width]);
        pivots.push(w * 64 + block[t].1 as usize);
    }
}

/// The outcome of one Gauss–Jordan elimination of `[M | I]` (see the module docs).
struct Elimination {
    /// `M` itself (to find the edge of a winning move).
    m: BitMatrix,
    /// Rows `[R_k | E_k]`: `q` bits of `R` padded to whole words, then `p` bits of `E`.
    aug: BitMatrix,
    /// Words of the `R` part of each augmented row.
    r_words: usize,
    /// Pivot column of each of the first `rank` rows.
    pivots: Vec<usize>,
    /// Whether row `i` is in the span of the other rows.
    row_dependent: Vec<bool>,
    /// Whether column `j` is in the span of the other columns.
    col_dependent: Vec<bool>,
}

/// `true` when the budget's deadline has passed or it was cancelled (the elimination checks
/// it once per pivot: a pivot step costs up to rows × words operations, far more than a search
/// node).
fn past_deadline(budget: &Budget) -> bool {
    budget.expired()
}

impl Elimination {
    /// Eliminates `m` (`p` rows, `q` columns).
    fn new(m: BitMatrix, p: usize, q: usize, budget: &Budget) -> Result<Self, BudgetExceeded> {
        let r_words = q.div_ceil(64);
        let e_words = p.div_ceil(64);
        let mut aug = BitMatrix::zeros(p, (r_words + e_words) * 64);
        let width = aug.words;
        for i in 0..p {
            aug.data[i * width..i * width + r_words].copy_from_slice(m.row(i));
            aug.data[i * width + r_words + i / 64] |= 1 << (i % 64);
        }
        let mut pivots = Vec::new();
        for w in 0..r_words {
            if past_deadline(budget) {
                return Err(BudgetExceeded::after(pivots.len() as u64));
            }
            eliminate_word(&mut aug, p, w, &mut pivots);
        }
        let rank = pivots.len();
        // Left kernel: rows rank.. of E. A row vertex is dependent iff one of them has its bit.
        let mut kernel_union = vec![0u64; e_words];
        for k in rank..p {
            let e = &aug.row(k)[r_words..];
            kernel_union.iter_mut().zip(e).for_each(|(a, b)| *a |= b);
        }
        let row_dependent = (0..p)
            .map(|i| kernel_union[i / 64] >> (i % 64) & 1 == 1)
            .collect();
        // Right kernel: free columns are dependent; pivot column p_k iff R_k meets a free
        // column.
        let mut pivot_mask = vec![0u64; r_words];
        for &c in &pivots {
            pivot_mask[c / 64] |= 1 << (c % 64);
        }
        let mut col_dependent = vec![true; q];
        for (k, &c) in pivots.iter().enumerate() {
            let r = &aug.row(k)[..r_words];
            let meets_free = r.iter().zip(&pivot_mask).any(|(a, pm)| a & !pm != 0);
            col_dependent[c] = meets_free;
        }
        Ok(Elimination {
            m,
            aug,
            r_words,
            pivots,
            row_dependent,
            col_dependent,
        })
    }

    /// A winning move's other end for the independent row `x`: a column `j` with
    /// `b_j = M[x][j] = 1` (module docs).
    fn answer_for_row(&self, x: usize) -> Option<usize> {
        let (xw, xb) = (self.r_words + x / 64, x % 64);
        self.pivots
            .iter()
            .enumerate()
            .map(|(k, &c)| (self.aug.row(k)[xw] >> xb & 1 == 1, c))
            .find(|&(b, c)| b && self.m.get(x, c))
            .map(|(_, c)| c)
    }

    /// A winning move's other end for the independent column `x`: a row `i` with `E_k[i] = 1`
    /// (where `p_k = x`) and `M[i][x] = 1`.
    fn answer_for_column(&self, x: usize, p: usize) -> Option<usize> {
        let k = self.pivots.iter().position(|&c| c == x)?;
        let e = &self.aug.row(k)[self.r_words..];
        (0..p).find(|&i| e[i / 64] >> (i % 64) & 1 == 1 && self.m.get(i, x))
    }
}

/// The GF(2) view of one game: its sides and the unused edges of a position as a matrix.
struct Gf2<'a> {
    g: &'a Geography,
    sides: Sides,
}

impl<'a> Gf2<'a> {
    /// Prepares the solver, refusing games it does not cover and matrices over the memory
    /// budget.
    fn new(g: &'a Geography, budget: &Budget) -> Result<Gf2<'a>, SolveError> {
        check_valid(g)?;
        let refuse = || {
            SolveError::Unsupported(
                "the GF(2) solver needs undirected edge geography with one token and normal \
                 play on a simple bipartite graph"
                    .into(),
            )
        };
        if !rules_fit(g) {
            return Err(refuse());
        }
        let sides = Sides::of(g).ok_or_else(refuse)?;
        let limit = budget.max_memory.unwrap_or(MAX_MATRIX_BYTES);
        if sides.matrix_bytes() > limit {
            return Err(SolveError::TooLarge {
                solver: "gf2",
                what: "the biadjacency matrix (bytes)",
                size: sides.matrix_bytes(),
                limit,
            });
        }
        if has_duplicate(g, &sides) {
            return Err(refuse());
        }
        Ok(Gf2 { g, sides })
    }

    /// Eliminates the matrix of the edges not used in `used` (`None`: no edge used).
    fn eliminate(&self, used: Option<&State>, budget: &Budget) -> Result<Elimination, SolveError> {
        let [p, q] = self.sides.count;
        let mut m = BitMatrix::zeros(p, q);
        for (e, &(u, v)) in self.g.graph.edges.iter().enumerate() {
            if used.is_none_or(|st| !st.bit(e)) {
                let (r, c) = self.sides.cell(u, v);
                m.set(r, c);
            }
        }
        Ok(Elimination::new(m, p, q, budget)?)
    }

    fn dependent(&self, el: &Elimination, x: usize) -> bool {
        let i = self.sides.index[x];
        match self.sides.side[x] {
            0 => el.row_dependent[i],
            _ => el.col_dependent[i],
        }
    }

    /// The vertex a winning mover at the independent vertex `x` moves to.
    fn answer(&self, el: &Elimination, x: usize) -> Option<usize> {
        let i = self.sides.index[x];
        let (other, j) = match self.sides.side[x] {
            0 => (1, el.answer_for_row(i)?),
            _ => (0, el.answer_for_column(i, self.sides.count[0])?),
        };
        (0..self.g.graph.n()).find(|&v| self.sides.side[v] == other && self.sides.index[v] == j)
    }

    /// The winner from the start and a winning first move, from one elimination.
    fn solve(&self, started: Instant, budget: &Budget) -> Result<GameSolution, SolveError> {
        let el = self.eliminate(None, budget)?;
        let (wins, winning_move) = self.decide_start(&el);
        Ok(GameSolution::without_line(
            wins,
            winning_move,
            Stats::without_table(started, 1),
            "gf2",
        ))
    }

    /// Whether the mover wins at the start, with a winning move.
    fn decide_start(&self, el: &Elimination) -> (bool, Option<Move>) {
        match self.g.tokens {
            Tokens::One { start: Some(x) } => {
                if self.dependent(el, x) {
                    return (false, None);
                }
                let step = self.answer(el, x).and_then(|y| self.step(x, y, None));
                (true, step)
            }
            _ => {
                // Unrooted: player I places the token where player II's line is dependent.
                let place = (0..self.g.graph.n()).find(|&v| self.dependent(el, v));
                (place.is_some(), place.map(|vertex| Move::Place { vertex }))
            }
        }
    }

    /// The move along the unused edge `x–y`.
    fn step(&self, x: usize, y: usize, used: Option<&State>) -> Option<Move> {
        let edges = &self.g.graph.edges;
        let edge = (0..edges.len()).find(|&e| {
            let (a, b) = edges[e];
            ((a, b) == (x, y) || (a, b) == (y, x)) && used.is_none_or(|st| !st.bit(e))
        })?;
        Some(Move::Step {
            token: 0,
            from: x,
            edge,
            to: y,
        })
    }
}

/// Every vertex's winner as the rooted start of bipartite UEG on `g`'s graph (index =
/// vertex; `First` when player I, who moves first from it, wins), from one elimination. The
/// start stored in `g` is ignored.
///
/// Errors as [`solve_gf2`].
pub fn ueg_winners(g: &Geography, budget: &Budget) -> Result<Vec<Winner>, SolveError> {
    let gf2 = Gf2::new(g, budget)?;
    let el = gf2.eliminate(None, budget)?;
    Ok((0..g.graph.n())
        .map(|v| match gf2.dependent(&el, v) {
            true => Winner::Second,
            false => Winner::First,
        })
        .collect())
}

/// Solves bipartite UEG (rooted or unrooted) by one GF(2) elimination: the winner and a
/// winning first move, without a line of play (see [`gf2_line`]).
///
/// Errors: [`SolveError::Unsupported`] unless the game is normal-play undirected edge
/// geography with one token on a simple bipartite graph, or is invalid;
/// [`SolveError::TooLarge`] when the matrices exceed the memory budget (default
/// [`MAX_MATRIX_BYTES`]); [`SolveError::Budget`] when the deadline passes.
pub fn solve_gf2(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    gf2_search(g, budget).map_err(|e| e.or_tableless_since(started))
}

/// [`solve_gf2`] before the statistics of a stopped search are attached.
fn gf2_search(g: &Geography, budget: &Budget) -> Result<GameSolution, SolveError> {
    let started = Instant::now();
    Gf2::new(g, budget)?.solve(started, budget)
}

/// A principal variation of bipartite UEG from the start, one elimination per move: the
/// winner plays the move the theorem's proof gives, the loser its first legal move. Each
/// elimination is one node against `budget`.
///
/// Errors as [`solve_gf2`].
pub fn gf2_line(g: &Geography, budget: &Budget) -> Result<Vec<Move>, SolveError> {
    let gf2 = Gf2::new(g, budget)?;
    let game = Game::new(g);
    let mut st = game.start.clone();
    let mut line = Vec::new();
    let mut nodes = 0u64;
    loop {
        nodes += 1;
        budget.charge(nodes)?;
        let el = gf2.eliminate(Some(&st), budget)?;
        let moves = game.moves(&st);
        let Some(&first) = moves.first() else {
            break;
        };
        let chosen = if st.tok[0] == NONE {
            gf2.decide_start(&el).1.unwrap_or(first)
        } else {
            let x = st.tok[0] as usize;
            match gf2.dependent(&el, x) {
                true => first,
                false => gf2
                    .answer(&el, x)
                    .and_then(|y| gf2.step(x, y, Some(&st)))
                    .unwrap_or(first),
            }
        };
        game.apply(&mut st, chosen);
        line.push(chosen);
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Whether line `x` of `lines` is in the span of the others (plain elimination on
    /// `Vec<bool>`, independent of the packed code).
    fn naive_dependent(lines: &[Vec<bool>], x: usize) -> bool {
        let mut basis: Vec<Vec<bool>> = Vec::new();
        let reduce = |basis: &[Vec<bool>], mut v: Vec<bool>| {
            for b in basis {
                let p = b.iter().position(|&t| t).unwrap();
                if v[p] {
                    v.iter_mut().zip(b).for_each(|(a, c)| *a ^= c);
                }
            }
            v
        };
        for (i, l) in lines.iter().enumerate() {
            if i == x {
                continue;
            }
            let v = reduce(&basis, l.clone());
            if let Some(p) = v.iter().position(|&t| t) {
                for b in basis.iter_mut() {
                    if b[p] {
                        b.iter_mut().zip(&v).for_each(|(a, c)| *a ^= c);
                    }
                }
                basis.push(v);
            }
        }
        !reduce(&basis, lines[x].clone()).iter().any(|&t| t)
    }

    /// The blocked elimination over several words (up to 150 × 150, low rank included)
    /// against naive span tests for every row and column, and the winning-move entries of
    /// independent lines make the perpendicular line dependent once removed.
    #[test]
    fn blocked_elimination_agrees_with_naive_spans() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let (mut dep, mut indep) = (0, 0);
        for _ in 0..60 {
            let p = rng.random_range(1..150);
            let q = rng.random_range(1..150);
            let mut cells = vec![vec![false; q]; p];
            if rng.random_bool(0.5) {
                let density = rng.random_range(0.01..0.9);
                for row in cells.iter_mut() {
                    row.iter_mut().for_each(|c| *c = rng.random_bool(density));
                }
            } else {
                // A product of p×k and k×q matrices: rank at most k.
                let k = rng.random_range(1..40);
                let a: Vec<Vec<bool>> = (0..p)
                    .map(|_| (0..k).map(|_| rng.random_bool(0.5)).collect())
                    .collect();
                let b: Vec<Vec<bool>> = (0..k)
                    .map(|_| (0..q).map(|_| rng.random_bool(0.5)).collect())
                    .collect();
                for (ai, row) in a.iter().zip(cells.iter_mut()) {
                    for (j, c) in row.iter_mut().enumerate() {
                        *c = (0..k).fold(false, |s, t| s ^ (ai[t] & b[t][j]));
                    }
                }
            }
            let mut m = BitMatrix::zeros(p, q);
            for (i, row) in cells.iter().enumerate() {
                for (j, &c) in row.iter().enumerate() {
                    if c {
                        m.set(i, j);
                    }
                }
            }
            let el = Elimination::new(m, p, q, &Budget::unlimited()).unwrap();
            let cols: Vec<Vec<bool>> = (0..q)
                .map(|j| (0..p).map(|i| cells[i][j]).collect())
                .collect();
            for i in 0..p {
                let d = naive_dependent(&cells, i);
                assert_eq!(el.row_dependent[i], d, "row {i} of {p}x{q}");
                if d {
                    dep += 1;
                    continue;
                }
                indep += 1;
                let j = el.answer_for_row(i).expect("a winning entry");
                assert!(cells[i][j]);
                let mut after = cols.clone();
                after[j][i] = false;
                assert!(naive_dependent(&after, j), "row {i}: column {j}");
            }
            for j in 0..q {
                let d = naive_dependent(&cols, j);
                assert_eq!(el.col_dependent[j], d, "column {j} of {p}x{q}");
                if !d {
                    let i = el.answer_for_column(j, p).expect("a winning entry");
                    assert!(cells[i][j]);
                    let mut after = cells.clone();
                    after[i][j] = false;
                    assert!(naive_dependent(&after, i), "column {j}: row {i}");
                }
            }
        }
        assert!(dep > 500 && indep > 500, "{dep} vs {indep}");
    }
}
