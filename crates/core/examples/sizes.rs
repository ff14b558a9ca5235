//! Prints the size of the engine's core values, for the README.
fn main() {
    use patience_core::{Move, MoveList, Position};
    println!("Position: {} bytes", std::mem::size_of::<Position>());
    println!("Move: {} bytes", std::mem::size_of::<Move>());
    println!("MoveList: {} bytes", std::mem::size_of::<MoveList>());
}
