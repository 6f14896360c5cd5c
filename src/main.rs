fn main() {
    println!("killerscope: under construction");
}
