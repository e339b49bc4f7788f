package dev.loadout.tools.persona;

/** How a persona block's key is named as the scope of a store change: one place for stores and the cache. */
final class BlockChanges {
  private BlockChanges() {}

  /** The key's parts joined by a control character no id of a chat platform holds. */
  static String scope(PersonaBlock.Key key) {
    return key.guildId() + '\u001e' + key.personaId() + '\u001e' + key.userId();
  }

  /** The key a scope names; null when it names none (a host's own announcement, say). */
  static PersonaBlock.Key key(String scope) {
    String[] parts = scope.split("\u001e", -1);
    if (parts.length != 3) {
      return null;
    }
    try {
      return new PersonaBlock.Key(parts[0], parts[1], parts[2]);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
