//! Drawing instances as DOT (graphviz-rust); no logic beyond layout and labels.
