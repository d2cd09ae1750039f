// Placeholder until the capture stage lands.
namespace dynascope {}
