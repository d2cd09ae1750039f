// Placeholder until the record stage lands.
namespace dynascope {}
