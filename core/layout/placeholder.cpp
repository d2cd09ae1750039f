// Placeholder until the layout stage lands.
namespace dynascope {}
