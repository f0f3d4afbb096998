//! Tests of the geography solvers: hand-checked positions, published counts, and agreement
//! with an independent naive minimax on random games of every variant.

mod agreement;
mod budget_stats;
mod cancel;
mod dfpn;
mod endgame;
mod known;
mod matching_endgame;
mod naive;
mod parallel;
mod poly;
mod race;
mod race_split;
mod tree_endgame;
mod two_token_trees;
mod undirected_trees;
