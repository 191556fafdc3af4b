"""Time of Crisis (+ The Age of Iron and Rust): the AI bots (Non-Player Factions), the optional Emperor rules and the setup walkthrough."""
