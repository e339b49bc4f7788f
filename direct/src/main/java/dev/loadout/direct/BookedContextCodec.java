package dev.loadout.direct;

import dev.loadout.core.participants.AliasExposure;
import dev.loadout.core.participants.AliasPurpose;
import dev.loadout.core.participants.Participant;
import dev.loadout.core.participants.ParticipantAlias;
import dev.loadout.core.participants.ParticipantId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON a {@link BookedContext} is stored as. Only this library writes it, so a value it cannot read is damage:
 * {@link #read} answers null and the task is not run (fail closed), never run with a guessed identity.
 */
final class BookedContextCodec {
  private BookedContextCodec() {}

  static String write(BookedContext c) {
    ObjectNode o = ArgumentTemplate.MAPPER.createObjectNode();
    putText(o, "user", c.userId());
    putText(o, "guild", c.guildId());
    putText(o, "channel", c.channelId());
    putText(o, "thread", c.threadId());
    putText(o, "persona", c.personaId());
    if (c.permissions() != null) {
      ArrayNode p = o.putArray("permissions");
      c.permissions().stream().sorted().forEach(p::add);
    }
    ObjectNode flags = o.putObject("flags");
    c.flags().forEach(flags::put);
    o.put("locale", c.locale());
    putText(o, "message", c.messageText());
    ArrayNode people = o.putArray("participants");
    for (Participant p : c.participants()) {
      ObjectNode n = people.addObject();
      n.put("id", p.id().serialised());
      n.put("label", p.label());
      n.put("inContext", p.inContext());
      ArrayNode aliases = n.putArray("aliases");
      for (ParticipantAlias a : p.aliases()) {
        ObjectNode an = aliases.addObject();
        an.put("value", a.value());
        an.put("priority", a.priority());
        an.put("exposure", a.exposure().name());
        ArrayNode purposes = an.putArray("purposes");
        a.purposes().stream().map(AliasPurpose::wireName).sorted().forEach(purposes::add);
      }
    }
    return ArgumentTemplate.MAPPER.writeValueAsString(o);
  }

  /** The stored context, or null when the text is missing or damaged. */
  static BookedContext read(String json) {
    if (json == null) {
      return null;
    }
    try {
      JsonNode o = ArgumentTemplate.MAPPER.readTree(json);
      Set<String> permissions = null;
      if (o.has("permissions")) {
        permissions = new LinkedHashSet<>();
        for (JsonNode p : o.get("permissions")) {
          permissions.add(p.stringValue());
        }
      }
      Map<String, Boolean> flags = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : o.path("flags").properties()) {
        flags.put(e.getKey(), e.getValue().booleanValue());
      }
      List<Participant> participants = new ArrayList<>();
      for (JsonNode n : o.path("participants")) {
        Participant.Builder b = Participant.builder(ParticipantId.parse(n.get("id").stringValue()))
            .label(n.get("label").stringValue()).inContext(n.path("inContext").booleanValue());
        for (JsonNode a : n.path("aliases")) {
          Set<AliasPurpose> purposes = EnumSet.noneOf(AliasPurpose.class);
          for (JsonNode p : a.path("purposes")) {
            purposes.add(AliasPurpose.valueOf(p.stringValue().toUpperCase(Locale.ROOT)));
          }
          b.alias(a.get("value").stringValue(), a.get("priority").intValue(),
              AliasExposure.valueOf(a.get("exposure").stringValue()), purposes);
        }
        participants.add(b.build());
      }
      return new BookedContext(text(o, "user"), text(o, "guild"), text(o, "channel"), text(o, "thread"),
          text(o, "persona"), permissions, flags, o.get("locale").stringValue(), text(o, "message"), participants);
    } catch (RuntimeException damaged) {
      // Jackson's exceptions, a missing field or a value the records refuse: all mean the row cannot be trusted.
      return null;
    }
  }

  private static void putText(ObjectNode o, String name, String value) {
    if (value != null) {
      o.put(name, value);
    }
  }

  private static String text(JsonNode o, String name) {
    JsonNode v = o.get(name);
    return v == null || v.isNull() ? null : v.stringValue();
  }
}
