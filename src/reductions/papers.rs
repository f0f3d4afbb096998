//! The papers the reductions come from, as references a reader can look up (authors, title,
//! venue, year), for `georeduce list` and `show`.
//!
//! Each reduction's [`ReductionInfo::paper`](super::ReductionInfo::paper) is a free-text
//! citation written for the project's own copies (it names files under `../shared/`, which a
//! clone of the repository does not have). [`Paper::cited_by`] recognises which paper such a
//! citation names, so that the catalogue prints the reference instead of the path; a test
//! checks that every registered reduction's citation is recognised.

use super::ReductionInfo;
use serde::Serialize;

/// A paper (or book) that reductions are taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Paper {
    /// Fraenkel and Simonson, "Geography" (TCS 1993): partizan and two-token geography.
    FraenkelSimonson,
    /// Fraenkel, Scheinerman and Ullman, "Undirected edge geography" (TCS 1993).
    FraenkelScheinermanUllman,
    /// Renault and Schmidt, the misère versions of three games played on graphs.
    RenaultSchmidt,
    /// Buchanan et al., "Trail Trap" (2024).
    TrailTrap,
    /// Sipser's textbook: Generalized Geography is PSPACE-complete (Theorem 8.14).
    Sipser,
}

/// A reference: who, what, where, when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Reference {
    /// Authors, as printed on the paper.
    pub authors: &'static str,
    /// Title.
    pub title: &'static str,
    /// Journal (volume, pages), book edition and publisher, or preprint server.
    pub venue: &'static str,
    /// Year of publication.
    pub year: u16,
}

impl Paper {
    /// Every paper, in catalogue order.
    pub const ALL: [Paper; 5] = [
        Paper::Sipser,
        Paper::FraenkelSimonson,
        Paper::FraenkelScheinermanUllman,
        Paper::RenaultSchmidt,
        Paper::TrailTrap,
    ];

    /// The reference.
    pub fn reference(self) -> Reference {
        match self {
            Paper::FraenkelSimonson => Reference {
                authors: "A. S. Fraenkel, S. Simonson",
                title: "Geography",
                venue: "Theoretical Computer Science 110 (1993) 197–214",
                year: 1993,
            },
            Paper::FraenkelScheinermanUllman => Reference {
                authors: "A. S. Fraenkel, E. R. Scheinerman, D. Ullman",
                title: "Undirected edge geography",
                venue: "Theoretical Computer Science 112 (1993) 371–381",
                year: 1993,
            },
            Paper::RenaultSchmidt => Reference {
                authors: "G. Renault, S. Schmidt",
                title: "On the complexity of the misère version of three games played on graphs",
                venue: "arXiv:1401.0400",
                year: 2014,
            },
            Paper::TrailTrap => Reference {
                authors: "B. Buchanan, J. Carr, A. Clifton, S. Hartke, V. Iršič, N. Sieger, \
                          R. Whitman",
                title: "Trail Trap: a variant of Partizan Edge Geography",
                venue: "arXiv:2405.05195",
                year: 2024,
            },
            Paper::Sipser => Reference {
                authors: "M. Sipser",
                title: "Introduction to the Theory of Computation",
                venue: "2nd edition, Thomson Course Technology (after Lichtenstein and Sipser, \
                        J. ACM 27 (1980), and Schaefer, JCSS 16 (1978))",
                year: 2006,
            },
        }
    }

    /// The paper a reduction's free-text citation names, recognised by its first author.
    pub fn cited_by(info: &ReductionInfo) -> Option<Paper> {
        let c = info.paper;
        let first = |name: &str| c.trim_start().starts_with(name);
        if first("Fraenkel, Scheinerman") {
            Some(Paper::FraenkelScheinermanUllman)
        } else if first("Fraenkel") {
            Some(Paper::FraenkelSimonson)
        } else if first("Renault") {
            Some(Paper::RenaultSchmidt)
        } else if first("Buchanan") {
            Some(Paper::TrailTrap)
        } else if first("Sipser") {
            Some(Paper::Sipser)
        } else {
            None
        }
    }
}

impl std::fmt::Display for Reference {
    /// `Authors, "Title", venue, year` (the year is left out when the venue gives it).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, \"{}\", {}", self.authors, self.title, self.venue)?;
        if !self.venue.contains(&self.year.to_string()) {
            write!(f, ", {}", self.year)?;
        }
        Ok(())
    }
}

/// The reference a reduction's entry prints: the recognised paper's, or (for a citation no
/// [`Paper`] matches) the citation itself.
pub fn reference_text(info: &ReductionInfo) -> String {
    match Paper::cited_by(info) {
        Some(p) => p.reference().to_string(),
        None => info.paper.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registered_reduction_cites_a_known_paper() {
        for r in super::super::all() {
            let info = r.info();
            assert!(
                Paper::cited_by(info).is_some(),
                "{}: add its paper to src/reductions/papers.rs ({})",
                info.id,
                info.paper
            );
            assert!(!reference_text(info).contains("papers/"), "{}", info.id);
        }
    }

    #[test]
    fn references_name_authors_title_venue_and_year() {
        for p in Paper::ALL {
            let text = p.reference().to_string();
            let r = p.reference();
            for part in [r.authors, r.title, &r.year.to_string()] {
                assert!(text.contains(part), "{text}");
            }
        }
    }
}
